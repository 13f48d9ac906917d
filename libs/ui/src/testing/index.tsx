import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { UiProvider } from '../ui-provider';

/** A query client for tests: no retries, so failures surface at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function TestProviders({
  children,
  queryClient = createTestQueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider env="test">{children}</UiProvider>
    </QueryClientProvider>
  );
}

export function renderWithUi(ui: ReactElement, queryClient?: QueryClient): RenderResult {
  return render(<TestProviders queryClient={queryClient}>{ui}</TestProviders>);
}

/** Renders route objects in a memory router at `path`, inside the UI kit and a query client. */
export function renderRoutes(
  routes: RouteObject[],
  path = '/',
  queryClient?: QueryClient,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithUi(<RouterProvider router={router} />, queryClient);
  return { ...result, router };
}

export { stubIntersectionObserver } from './intersection-observer';
export { describeRouteContract } from './route-contract-cases';
