// 'react/jsx-runtime' and 'react/jsx-dev-runtime', out of the one Preact in 'react' (see react.mjs).
import * as ReactModule from 'react';

// `any`: to the type checker 'react' is @types/react, which has no jsx functions.
const React = /** @type {any} */ (ReactModule);

export const { Fragment, jsx, jsxs, jsxDEV } = React;
