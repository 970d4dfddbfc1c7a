/** Revision tests run as on a fresh CI machine: no global or system git identity, so commits rely on the repository's own config. */
import { join } from 'node:path';
import type { Client } from './harness';
import { tempDir } from './harness';

/** Points HOME at an empty folder for the test file's lifetime (call at the top level of a test file). */
export function withoutGitIdentity(): void {
  const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
  beforeAll(() => {
    const home = tempDir('zpl-home-');
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = join(home, '.config');
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

export async function commitText(client: Client, noteId: string, pid: string, text: string): Promise<void> {
  await client.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: text, params: {}, config: {} }, 'PARAGRAPH');
}
