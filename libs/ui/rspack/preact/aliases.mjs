// @ts-check
// React served by Preact (preact/compat), in the builds and in the unit tests alike: both take
// their aliases from this one list, so what the tests run cannot drift from what ships.
import path from 'node:path';

const here = import.meta.dirname;

/** The module behind the shared singleton 'react': all of Preact (see react.mjs). */
export const preactReact = path.join(here, 'react.mjs');
/** The modules behind the shared singletons 'react-dom' and 'react-dom/client'. */
export const preactReactDom = path.join(here, 'react-dom.mjs');
export const preactReactDomClient = path.join(here, 'react-dom-client.mjs');

/**
 * Each React module name (matched exactly) and the module that serves it. Only the tests render
 * through `react-dom/test-utils` (Testing Library's `act`): Preact's own test utilities.
 * @type {[string, string][]}
 */
export const reactAliases = [
  ['react', preactReact],
  ['react-dom', preactReactDom],
  ['react-dom/client', preactReactDomClient],
  ['react-dom/test-utils', 'preact/test-utils'],
  ['react/jsx-runtime', path.join(here, 'jsx-runtime.mjs')],
  ['react/jsx-dev-runtime', path.join(here, 'jsx-runtime.mjs')],
];

/**
 * The libraries that import React: the unit tests run them through Vite (not Node's own loader,
 * which knows no aliases), in their ES module builds, so that they all meet the one Preact; all
 * of Testing Library too, so that user-event dispatches through the DOM Testing Library that
 * @testing-library/react wraps in `act` (else effects are not flushed after an event).
 */
const reactLibraries =
  /[\\/]node_modules[\\/](preact|@testing-library|@mantine|@floating-ui|@tabler[\\/]icons-react|@tanstack[\\/]react-query|react-router|react-number-format|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|react-textarea-autosize)[\\/]/;

/**
 * The `resolve` and `test.server` settings a Vitest config of a React project spreads in.
 */
export function vitestPreact() {
  return {
    resolve: {
      alias: reactAliases.map(([name, target]) => ({
        find: new RegExp(`^${name.replace(/[/.-]/g, '\\$&')}$`),
        replacement: target,
      })),
      // The ES module builds (React Router's exports map offers its CommonJS one to Node first).
      conditions: ['module', 'browser', 'development|production'],
      mainFields: ['module', 'browser', 'main'],
      dedupe: ['preact'],
    },
    server: { deps: { inline: [reactLibraries] } },
  };
}
