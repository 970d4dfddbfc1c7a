/** @jest-environment node */
/** `POST /api/notebook/{id}` with a revisionId (PROTOCOL 3.3): the clone holds the note as it was at that revision. */
import type { Note } from '../../protocol';
import { api, Client, startTestServer, type TestServer } from './helpers/harness';
import { commitText, withoutGitIdentity } from './helpers/gitHome';
import { addParagraph, newNote } from './helpers/exec';

jest.setTimeout(30000);

const VFS = 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo';

withoutGitIdentity();

describe('clone at a revision on a git-backed notebook folder', () => {
  let server: TestServer;
  let a: Client;

  beforeAll(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  test('clones the committed content, not the current one; default name carries the short revision', async () => {
    const { noteId, pid } = await newNote(a, '/clone/rev');
    await commitText(a, noteId, pid, '%md committed text');
    const list = (await a.request('CHECKPOINT_NOTE', { noteId, commitMessage: 'v1' }, 'LIST_REVISION_HISTORY')).data.revisionList ?? [];
    const rev = list[0].id;
    const added = await addParagraph(a, 1);
    await commitText(a, noteId, pid, '%md changed after the commit');

    const named = await api<string>(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { name: '/clone/at v1', revisionId: rev } });
    expect(named.status).toBe(200);
    const cloneId = String(named.body.body);
    expect(cloneId).not.toBe(noteId);
    const clone = (await api<Note & { path: string }>(server.url, `/api/notebook/${cloneId}`)).body.body;
    expect(clone?.path).toBe('/clone/at v1');
    expect(clone?.paragraphs.map((p) => [p.id, p.text])).toEqual([[pid, '%md committed text']]);
    expect(clone?.paragraphs.some((p) => p.id === added)).toBe(false);

    // The source is unchanged by the clone.
    const source = (await api<Note>(server.url, `/api/notebook/${noteId}`)).body.body;
    expect(source?.paragraphs.map((p) => p.text)).toEqual(['%md changed after the commit', expect.anything()]);

    const unnamed = await api<string>(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { revisionId: rev } });
    expect(unnamed.status).toBe(200);
    const clone2 = (await api<Note & { path: string }>(server.url, `/api/notebook/${String(unnamed.body.body)}`)).body.body;
    expect(clone2?.path).toBe(`/Cloned Note_${noteId}_${rev.slice(0, 7)}`);
    expect(clone2?.paragraphs[0].text).toBe('%md committed text');

    // Without a revision the clone is of the note as it is now (notePath, as PROTOCOL names it).
    const now = await api<string>(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { notePath: '/clone/now' } });
    const clone3 = (await api<Note>(server.url, `/api/notebook/${String(now.body.body)}`)).body.body;
    expect(clone3?.paragraphs[0].text).toBe('%md changed after the commit');
  });

  test('an unknown revision is a 404 and a non-string one a 400; nothing is created', async () => {
    const { noteId } = await newNote(a, '/clone/bad');
    const before = (await api<unknown[]>(server.url, '/api/notebook')).body.body?.length;
    const missing = await api(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { name: '/clone/x', revisionId: '0123456789abcdef0123456789abcdef01234567' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('0123456789abcdef0123456789abcdef01234567');
    const wrongType = await api(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { name: '/clone/y', revisionId: 42 } });
    expect(wrongType.status).toBe(400);
    expect((await api<unknown[]>(server.url, '/api/notebook')).body.body?.length).toBe(before);
  });
});

test('clone at a revision on storage without versioning is a 400', async () => {
  const server = await startTestServer({ settings: { 'zeppelin.notebook.storage': VFS } });
  const a = await Client.open(server.wsUrl, server.origin);
  try {
    const { noteId } = await newNote(a, '/plain');
    const r = await api(server.url, `/api/notebook/${noteId}`, { method: 'POST', json: { revisionId: 'abcdef1' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Note revisions are not supported by this storage');
  } finally {
    await a.close();
    await server.close();
  }
});
