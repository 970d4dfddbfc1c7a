import { openBrowsers } from './browser';
import { FAILED_FLAG } from './environment';

// The bound for a browser test or hook to give up: with `jest --projects` (as `npm test` runs) a project's
// testTimeout is not read, so it is set here. Tests wait for conditions; this only ends a hang.
jest.setTimeout(90_000);

// A failed test prints what its browsers saw last: in a CI log that is often all there is to go on. Browsers an
// earlier test of the file left open (closed in afterAll) are left out when the test launched its own: five
// browsers' lines pushed the failure itself out of a CI log's excerpt.
afterEach(() => {
  if (!(globalThis as Record<string, unknown>)[FAILED_FLAG]) return;
  const test = expect.getState().currentTestName;
  const own = [...openBrowsers].filter((b) => b.launchedBy === test);
  const shown = own.length > 0 ? own : [...openBrowsers];
  shown.forEach((b, i) => console.error(`What browser ${i + 1} of ${shown.length} saw last (console, page errors, websocket ops):\n${b.recent().join('\n')}`));
});
