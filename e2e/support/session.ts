/** One embedded server and one Chromium for a test file: started before its tests, stopped after them. */
import { launch, type Browser } from './browser';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface E2E {
  server: TestServer;
  browser: Browser;
}

export function serverAndBrowser(settings: Record<string, string> = {}, opts: TestServerOptions = {}): E2E {
  const env = {} as E2E;
  beforeAll(async () => {
    env.server = await startTestServer(settings, opts);
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
