/** `/api/notebook` (PROTOCOL 3.3), sharing note logic and broadcasts with the websocket handlers. */
import type { FastifyInstance } from 'fastify';
import type { JsonObject, Note, Permissions } from '../../protocol';
import { newParagraph, setParagraphField } from '../notes/paragraphs';
import { registerParagraphRoutes } from './paragraphs';
import { normalizeNotePath } from '../notes/paths';
import { noteAtRevision, revisionSupported } from '../revisions/service';
import { toRestNote } from '../notes/wire';
import type { Services } from '../services';
import { ZeppelinError } from '../util/errors';
import { bodyObject, ok, wrap } from './envelope';
import { principalOf } from '../admin/principal';
import { isPersonalized } from '../personal/store';
import { autoFill } from '../notes/authorization';
import { ANONYMOUS } from '../ws/tickets';
import { subjectOf } from './permissions';
import { importSummary, isJupyter } from '../notes/jupyter/summary';

/** The spec's text for an anonymous permission change (notebook-core section 5). */
export const ANONYMOUS_SET_PERMISSIONS = 'Only authenticated user can set the permission.';
export const ANONYMOUS_GET_PERMISSIONS = 'Only authenticated user can get the permission.';

type NoteParams = { Params: { noteId: string } };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The note path a request names: `notePath` (Zeppelin's newest API), else `name` (Zeppelin 0.10–0.12, their REST
 * docs and the Python SDK). One rule for create, clone, rename and import.
 */
function requestedPath(body: Record<string, unknown>): string | undefined {
  const notePath = str(body.notePath);
  return notePath !== undefined && notePath.trim() !== '' ? notePath : str(body.name);
}

/** What an import body becomes: a Jupyter notebook is converted (Zeppelin would create an empty note from it). */
async function importSource(note: JsonObject, given: string | undefined, user: string): Promise<{ source: JsonObject; path: string; message: string }> {
  if (!isJupyter(note)) return { source: note, path: normalizeNotePath(given), message: '' };
  const { ipynbToNote } = await import('../notes/jupyter/import');
  let converted: ReturnType<typeof ipynbToNote>;
  try {
    converted = ipynbToNote(note, user);
  } catch (e) {
    throw new ZeppelinError(`Fail to import note: ${(e as Error).message}`, 'BAD_REQUEST');
  }
  const source = { paragraphs: converted.paragraphs, defaultInterpreterGroup: converted.defaultInterpreterGroup } as unknown as JsonObject;
  return { source, path: normalizeNotePath(given || converted.name), message: importSummary(converted) };
}

/** PROTOCOL 3.3: a permission PUT must name all four lists, each an array of user or role names. */
function permissionsBody(raw: unknown): Permissions {
  const body = bodyObject(raw);
  const list = (k: keyof Permissions): string[] => {
    const v = body[k];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new ZeppelinError(`${k} must be an array of user or role names (strings)`, 'BAD_REQUEST');
    return [...new Set((v as string[]).map((x) => x.trim()).filter((x) => x !== ''))];
  };
  return { owners: list('owners'), readers: list('readers'), runners: list('runners'), writers: list('writers') };
}

/** `/api/notebook`: notes (PROTOCOL 3.3), their permissions, and their paragraphs (rest/paragraphs.ts). */
export function registerNotebookRoutes(app: FastifyInstance, s: Services): void {
  registerNoteRoutes(app, s);
  registerNotePermissionRoutes(app, s);
  registerParagraphRoutes(app, s);
}

function registerNoteRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/notebook', wrap(async (req, reply) => ok(reply, s.broadcasts.notesInfoData(subjectOf(req)).notes, '')));

  // Capabilities and the revision endpoints: server/rest/revisions.ts.

  app.get('/api/notebook/search', wrap<{ Querystring: { q?: string } }>(async (req, reply) => {
    if (!s.config.getBool('zeppelin.search.enable', true)) return ok(reply, [], '');
    // Hits are `<noteId>` or `<noteId>/paragraph/<pid>`: only notes the caller may read are shown.
    const subject = subjectOf(req);
    const hits = s.search.search(String(req.query.q ?? ''), 50, (noteId) => s.authorization.allows(noteId, subject, 'READER'));
    return ok(reply, hits, '');
  }));

  // Unlike Zeppelin, paragraphs given at creation are saved with the note rather than left for a later save.
  app.post('/api/notebook', wrap(async (req, reply) => {
    const body = bodyObject(req.body);
    const path = normalizeNotePath(requestedPath(body));
    const entry = await s.notebook.create(path, {
      defaultInterpreterGroup: str(body.defaultInterpreterGroup),
      emptyParagraph: body.addingEmptyParagraph === true,
    });
    s.authorization.noteCreated(entry.id, principalOf(req));
    if (Array.isArray(body.paragraphs)) {
      for (const raw of body.paragraphs) {
        const p = bodyObject(raw);
        const paragraph = newParagraph('anonymous');
        if (typeof p.title === 'string') setParagraphField(paragraph, 'title', p.title);
        if (typeof p.text === 'string') setParagraphField(paragraph, 'text', p.text);
        if (typeof p.config === 'object' && p.config !== null) setParagraphField(paragraph, 'config', { ...(p.config as object) });
        entry.note.paragraphs.push(paragraph);
      }
      await s.notebook.save(entry.id);
    }
    return ok(reply, entry.id, '');
  }));

  app.post('/api/notebook/getByPath', wrap<{ Querystring: { reload?: string } }>(async (req, reply) => {
    const notePath = str(bodyObject(req.body).notePath) ?? '';
    const entry = s.notebook.byPath(notePath.startsWith('/') ? notePath : `/${notePath}`);
    if (!entry) throw new ZeppelinError(`No such note: ${notePath}`, 'NOT_FOUND');
    if (req.query.reload === 'true') await s.notebook.reloadOne(entry.id);
    return ok(reply, toRestNote(entry.note, entry.path), '');
  }));

  app.post('/api/notebook/import', wrap<{ Querystring: { notePath?: string } }>(async (req, reply) => {
    const body = typeof req.body === 'string' ? (JSON.parse(req.body) as unknown) : req.body;
    const note = bodyObject(body) as JsonObject;
    if (Object.keys(note).length === 0) throw new ZeppelinError('Note JSON is empty or malformed', 'BAD_REQUEST');
    const given = req.query.notePath !== undefined && req.query.notePath !== '' ? req.query.notePath : requestedPath(note);
    const { source, path, message } = await importSource(note, given, principalOf(req));
    const entry = await s.notebook.importNote(source, path);
    s.authorization.noteCreated(entry.id, principalOf(req));
    s.broadcasts.notesInfo();
    return ok(reply, entry.id, message);
  }));

  app.get('/api/notebook/export/:noteId', wrap<NoteParams>(async (req, reply) => {
    const entry = s.notebook.get(req.params.noteId);
    // Zeppelin answers an unknown id here with its generic 500, not a 404.
    if (!entry) return reply.code(500).type('application/json; charset=utf-8').send(JSON.stringify({ status: 'error', message: 'Internal server error' }));
    // The file itself: an unedited note exports byte for byte as it is on disk (Zeppelin's export is its file).
    return ok(reply, await s.notebook.exportText(entry.id), '');
  }));

  app.get('/api/notebook/:noteId', wrap<NoteParams & { Querystring: { reload?: string } }>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    if (req.query.reload === 'true') await s.notebook.reloadOne(entry.id);
    // A personalized note answers with the caller's own view (PROTOCOL 3.3, 5.7).
    const personal = s.broadcasts.personal;
    const note = personal && isPersonalized(entry.note) ? personal.view(entry, principalOf(req)) : entry.note;
    return ok(reply, toRestNote(note, entry.path), '');
  }));

  app.delete('/api/notebook/:noteId', wrap<NoteParams>(async (req, reply) => {
    await s.notebook.remove(req.params.noteId);
    s.connections.dropRoom(req.params.noteId);
    s.broadcasts.notesInfo();
    return ok(reply, undefined, '');
  }));

  app.post('/api/notebook/:noteId', wrap<NoteParams>(async (req, reply) => {
    const body = bodyObject(req.body);
    const source = s.notebook.mustGet(req.params.noteId);
    const revisionId = body.revisionId;
    if (revisionId !== undefined && revisionId !== null && typeof revisionId !== 'string') throw new ZeppelinError('revisionId must be a string', 'BAD_REQUEST');
    let content: Note | undefined;
    if (revisionId) {
      if (!revisionSupported(s)) throw new ZeppelinError('Note revisions are not supported by this storage', 'BAD_REQUEST');
      const found = await noteAtRevision(s, source.id, revisionId);
      if (!found) throw new ZeppelinError(`No revision ${revisionId} of note ${source.id}`, 'NOT_FOUND');
      content = found.note;
    }
    const notePath = requestedPath(body);
    const fallback = `/Cloned Note_${source.id}${revisionId ? `_${revisionId.slice(0, 7)}` : ''}`;
    const path = notePath && notePath.trim() !== '' ? normalizeNotePath(notePath) : fallback;
    const entry = await s.notebook.clone(source.id, path, content);
    s.authorization.noteCreated(entry.id, principalOf(req));
    s.broadcasts.note(entry);
    s.broadcasts.notesInfo();
    return ok(reply, entry.id, '');
  }));

  app.put('/api/notebook/:noteId/rename', wrap<NoteParams>(async (req, reply) => {
    const name = requestedPath(bodyObject(req.body));
    if (!name || name.trim() === '') throw new ZeppelinError('New name cannot be empty', 'BAD_REQUEST');
    const entry = await s.notebook.rename(req.params.noteId, normalizeNotePath(name));
    s.broadcasts.note(entry);
    s.broadcasts.notesInfo();
    return ok(reply, undefined, '');
  }));
}

function registerNotePermissionRoutes(app: FastifyInstance, s: Services): void {
  // READER/OWNER checks: rest/permissions.ts.
  app.get('/api/notebook/:noteId/permissions', wrap<NoteParams>(async (req, reply) => {
    s.notebook.mustGet(req.params.noteId);
    if (s.authEnabled && principalOf(req) === ANONYMOUS) throw new ZeppelinError(ANONYMOUS_GET_PERMISSIONS, 'FORBIDDEN');
    return ok(reply, s.authorization.get(req.params.noteId), '');
  }));

  app.put('/api/notebook/:noteId/permissions', wrap<NoteParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const caller = principalOf(req);
    if (caller === ANONYMOUS) throw new ZeppelinError(ANONYMOUS_SET_PERMISSIONS, 'FORBIDDEN');
    s.authorization.set(entry.id, autoFill(permissionsBody(req.body), caller));
    // Before anything else is sent to the room: a watcher who lost read access must not get the note again.
    s.broadcasts.dropLostReaders(entry);
    s.broadcasts.note(entry);
    s.broadcasts.notesInfo();
    return ok(reply);
  }));
}
