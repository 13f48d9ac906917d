// The module served as the shared singleton 'react' (and, through the shims beside it, as
// 'react-dom', 'react-dom/client' and the JSX runtime): Preact's React compatibility layer, 9.8 kB
// gzip where React DOM with React was 69.6 kB, in every first view (issue 9, PERFORMANCE.md).
// Everything of Preact lives in this one module so the page runs one copy of it: the other shims
// import from 'react', which Module Federation (and the alias in tests) resolves to this module.
// Not type-checked (libs/ui/tsconfig.json excludes it): preact/compat's types (`export =`) allow
// no `export *`. Nothing imports it by name; the builds and the tests use its path (aliases.mjs).
import compat from 'preact/compat';

export * from 'preact/compat';
export { createRoot, hydrateRoot } from 'preact/compat/client';
export { jsx, jsxs, jsxDEV } from 'preact/compat/jsx-runtime';

/**
 * React 19's <Activity>, which preact/compat lacks: Mantine renders it for panels kept mounted
 * while hidden (Tabs' `keepMounted`, Tree). A hidden activity here unmounts its children instead
 * of keeping their state; no Plantfolk screen keeps a hidden panel mounted.
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return mode === 'hidden' ? null : children;
}

export default compat;
