import type { Config } from 'jest';

// Browser tests: Debian's Chromium driven by playwright-core against the embedded server, one file at a time.
const config: Config = {
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testTimeout: 90_000,
  transform: { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
};
export default config;
