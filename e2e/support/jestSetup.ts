import { openBrowsers } from './browser';
import { FAILED_FLAG } from './environment';

// The bound for a browser test or hook to give up: with `jest --projects` (as `npm test` runs) a project's
// testTimeout is not read, so it is set here. Tests wait for conditions; this only ends a hang.
jest.setTimeout(90_000);

// A failed test prints what its browsers saw last: in a CI log that is often all there is to go on.
afterEach(() => {
  if (!(globalThis as Record<string, unknown>)[FAILED_FLAG]) return;
  for (const b of openBrowsers) console.error(`What the browser saw last (console, page errors, websocket ops):\n${b.recent().join('\n')}`);
});
