// The shared singleton 'react-dom': what the apps and their libraries (Mantine, React Router)
// take from it, out of the one Preact in 'react' (see react.mjs).
import * as ReactModule from 'react';

// `any`: to the type checker 'react' is @types/react, which declares none of these.
const React = /** @type {any} */ (ReactModule);

export const {
  createPortal,
  findDOMNode,
  flushSync,
  hydrate,
  render,
  unmountComponentAtNode,
  unstable_batchedUpdates,
  version,
} = React;

export default React.default;
