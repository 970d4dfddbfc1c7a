/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 *
 * Read without type-checking: checking this file on every jest start cost 3.5 CPU-s and 4 s before the first test,
 * and the type check of `npm test` checks it anyway.
 */
import type { Config } from 'jest';

// Browser tests: Chromium driven by playwright-core (and Firefox ESR by puppeteer-core) against the embedded server.
const config: Config = {
  displayName: 'browser',
  rootDir: '..',
  testEnvironment: '<rootDir>/e2e/support/environment.ts',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/e2e/support/jestSetup.ts'],
  globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  transform: { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
};
export default config;
