// The shared singleton 'react-dom/client', out of the one Preact in 'react' (see react.mjs).
import * as ReactModule from 'react';

// `any`: to the type checker 'react' is @types/react, which has no createRoot.
const React = /** @type {any} */ (ReactModule);

export const { createRoot, hydrateRoot } = React;
