/** @jest-environment node */
/**
 * Taking read access away takes effect at once: a watcher who may no longer read the note leaves its room, is told
 * so with the AUTH_INFO a refused GET_NOTE gets, and receives none of the note's later frames.
 */
import { api, Client, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';
import { isStatus, TERMINAL } from './helpers/exec';

jest.setTimeout(30000);

type Identity = { principal: string; ticket: string };

describe('revoking a reader', () => {
  let server: TestServer;
  let ownerCookie: string;
  let owner: Identity;
  let reader: Identity;
  let o: Client;
  let r: Client;

  beforeAll(async () => {
    server = await startAuthServer();
    const a = await login(server.url, 'user1', 'password2');
    ownerCookie = a.cookie;
    owner = { principal: 'user1', ticket: a.body.body?.ticket ?? '' };
    reader = { principal: 'user2', ticket: (await login(server.url, 'user2', 'password3')).body.body?.ticket ?? '' };
    o = await Client.open(server.wsUrl, server.origin);
    r = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await Promise.all([o.close(), r.close()]);
    await server.close();
  });

  test('the watcher gets AUTH_INFO, leaves the room, and no PARAGRAPH or output frame reaches it afterwards', async () => {
    let from = o.mark();
    o.send('NEW_NOTE', { name: '/shared then private', defaultInterpreterGroup: 'md' }, owner);
    const note = (await o.next('NEW_NOTE', from)).data.note;
    const pid = note.paragraphs[0].id;
    from = r.mark();
    r.send('GET_NOTE', { id: note.id }, reader);
    await r.next('NOTE', from);

    const revokedAt = r.mark();
    const put = await api(server.url, `/api/notebook/${note.id}/permissions`, {
      method: 'PUT', headers: { cookie: ownerCookie }, json: { owners: ['user1'], readers: ['user1'], runners: ['user1'], writers: ['user1'] },
    });
    expect(put.status).toBe(200);
    const told = await r.next('AUTH_INFO', revokedAt);
    expect(told.data.info).toMatch(/^Insufficient privileges to READER note\.\nAllowed users or roles: \[user1\]\nBut the user user2 belongs to: \[user2, role3\]$/);

    from = o.mark();
    o.send('RUN_PARAGRAPH', { id: pid, paragraph: '%md now private', params: {}, config: {} }, owner);
    await o.waitFor(isStatus(pid, TERMINAL), from);
    o.send('COMMIT_PARAGRAPH', { id: pid, noteId: note.id, paragraph: '%md still private', params: {}, config: {} }, owner);
    await o.next('PARAGRAPH', o.mark());
    // A barrier on the reader's connection: whatever the runs sent it has arrived by now.
    const barrier = r.mark();
    r.send('LIST_NOTES', {}, reader);
    const list = await r.next('NOTES_INFO', barrier);
    expect(list.data.notes.map((n) => n.id)).not.toContain(note.id);
    const leaked = r.frames.slice(revokedAt).filter((f) => ['PARAGRAPH', 'PARAGRAPH_APPEND_OUTPUT', 'PARAGRAPH_UPDATE_OUTPUT', 'PROGRESS', 'NOTE', 'SAVE_NOTE_FORMS'].includes(f.op));
    expect(leaked.map((f) => f.op)).toEqual([]);
    // Asking again is refused as before.
    from = r.mark();
    r.send('GET_NOTE', { id: note.id }, reader);
    expect((await r.next('AUTH_INFO', from)).data.info).toContain('Insufficient privileges to READER note.');
  });
});
