// Jest runs the Nest code as native ESM (NestJS 12 is ESM-only), compiling TypeScript with swc.
export default {
  testEnvironment: 'node',
  // @forwarder/domain is read from its TypeScript sources (no build needed to test)
  testEnvironmentOptions: { customExportConditions: ['forwarder-source', 'node', 'node-addons'] },
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // @nestjs/throttler is CommonJS requiring ESM-only NestJS: bridged to ESM (see test/cjs-esm-bridge.cjs)
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/throttler/)'],
  transform: {
    '/node_modules/@nestjs/throttler/.+\\.js$': '<rootDir>/test/cjs-esm-bridge.cjs',
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  // the longest suites first, on a fresh machine too (test/sequencer.mjs)
  testSequencer: '<rootDir>/test/sequencer.mjs',
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60000,
  // Two workers run the suites; a worker grows with every ESM suite it loads (over 2 GB by the end), and its
  // long garbage collections then stall timing-sensitive suites: one past 1 GB is replaced between files.
  workerIdleMemoryLimit: '1GB',
};
