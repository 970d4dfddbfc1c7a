/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true}
 *
 * Read without type-checking: checking this file on every jest start cost 3.5 CPU-s and 4 s before the first test,
 * and the type check of `npm test` checks it anyway.
 */
import type { Config } from 'jest';

// Packages that ship ESM only; ts-jest transpiles them to CommonJS for jest on node 20.
const esmOnly = ['@tanstack', 'ansi_up', 'jsondiffpatch', 'wouter', 'regexparam', 'react-cytoscapejs', '@redux-devtools'];

const config: Config = {
  displayName: 'unit',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  transform: { '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/test/support/styleMock.ts',
    '^@monaco-editor/react$': '<rootDir>/test/support/monacoMock.tsx',
    '^react-cytoscapejs$': '<rootDir>/test/support/cytoscapeMock.tsx',
    '^monaco-editor(/.*)?$': '<rootDir>/test/support/styleMock.ts',
    // uses import.meta.url for its worker, which CommonJS jest cannot load; the editor itself is mocked above
    '/monacoSetup$': '<rootDir>/test/support/styleMock.ts',
    // the same for the table worker; the mock parses as the worker does
    '/tableWorker$': '<rootDir>/test/support/tableWorkerMock.ts',
  },
};
export default config;
