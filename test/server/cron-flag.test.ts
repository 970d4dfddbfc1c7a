/** @jest-environment node */
/**
 * `config.isZeppelinNotebookCronEnable` mirrors the server's cron settings for the note's path (PROTOCOL 5.9): set
 * when a note is created, cloned, imported or renamed, and refreshed for notes read from disk, whose stored value
 * may come from another server (the tutorial notes say false).
 */
import type { Note } from '../../protocol';
import { Client, startTestServer, type TestServer } from './helpers/harness';

const flagOf = (n: Note | undefined): unknown => n?.config?.isZeppelinNotebookCronEnable;

describe('the cron flag a note carries', () => {
  let server: TestServer;
  let c: Client;
  afterEach(async () => {
    await c?.close();
    await server?.close();
  });

  const start = async (settings: Record<string, string> = {}) => {
    server = await startTestServer({ fixtures: true, settings });
    c = await Client.open(server.wsUrl, server.origin);
  };
  const created = async (name: string) => (await c.request('NEW_NOTE', { name }, 'NEW_NOTE')).data.note;
  const opened = async (id: string) => (await c.request('GET_NOTE', { id }, 'NOTE')).data.note;

  test('cron on (the default): new notes and notes read from disk say true', async () => {
    await start();
    expect(flagOf(await created('/fresh'))).toBe(true);
    // stored as false in the exported tutorial note
    expect(flagOf(await opened('2EYDJKFFY'))).toBe(true);
  });

  test('cron off: false everywhere', async () => {
    await start({ 'zeppelin.notebook.cron.enable': 'false' });
    expect(flagOf(await created('/fresh'))).toBe(false);
    expect(flagOf(await opened('2EYDJKFFY'))).toBe(false);
  });

  test('a folder allow-list: true inside it, and a rename in or out updates the flag', async () => {
    await start({ 'zeppelin.notebook.cron.folders': '/scheduled' });
    expect(flagOf(await created('/scheduled/a'))).toBe(true);
    const outside = await created('/elsewhere/b');
    expect(flagOf(outside)).toBe(false);
    const from = c.mark();
    c.send('NOTE_RENAME', { id: outside.id, name: '/scheduled/b' });
    const renamed = await c.next('NOTE', from);
    expect(flagOf(renamed.data.note)).toBe(true);
  });
});
