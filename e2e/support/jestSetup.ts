// The bound for a browser test or hook to give up: with `jest --projects` (as `npm test` runs) a project's
// testTimeout is not read, so it is set here. Tests wait for conditions; this only ends a hang.
jest.setTimeout(90_000);
