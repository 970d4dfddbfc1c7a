/**
 * The browser tests' jest environment: Node's, plus a flag telling the test file whether the test that just ran
 * failed, so that its afterEach can print what the browser saw (support/jestSetup.ts). Jest gives hooks no outcome.
 */
import NodeEnvironment from 'jest-environment-node';

export const FAILED_FLAG = '__browserTestFailed';

export default class BrowserTestEnvironment extends NodeEnvironment {
  /** Jest calls this for each circus event (JestEnvironment.handleTestEvent); only the name matters here. */
  handleTestEvent(event: { name: string }): void {
    if (event.name === 'test_start') this.global[FAILED_FLAG] = false;
    // A failed test body, or a failed beforeEach / afterEach around it (a hook's error fails its test).
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global[FAILED_FLAG] = true;
  }
}
