// The @tanstack/react-query every app shares (the `@tanstack/react-query` singleton of
// sharedSingletons). Like react-router-singleton.mjs: a shared module keeps every export, so
// sharing the package ships all of it (hydration, suspense queries, query observers nobody
// uses) on every first view. This module names what the apps use, so the build keeps only
// those. A slice that needs another export adds it here; react-query-singleton.test.ts checks
// that every import in the apps is listed.
export {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  // @ts-expect-error -- resolved by the rspack config's alias to the package's ESM build
} from 'plantfolk-react-query-build';
