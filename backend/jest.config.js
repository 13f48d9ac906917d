// Backend tests: unit tests beside the code (src/.../__tests__), integration suites in test/.
const swc = {
  swcrc: false,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true, dynamicImport: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

const ESM_ONLY_PACKAGES = ['content-disposition', 'jose'];

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Node 20.20 can require() ES modules but jest's loader cannot, so the few ESM-only packages in
  // our dependency tree are compiled to CommonJS for the tests.
  transform: { '^.+\\.(ts|js|mjs)$': ['@swc/jest', swc] },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  // Workspace libs the API requires as built CommonJS at run time; the tests take their source.
  moduleNameMapper: { '^@plantfolk/living-text$': '<rootDir>/../libs/living-text/src/index.ts' },
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 30_000,
  slowTestThreshold: 10,
};
