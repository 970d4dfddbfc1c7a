/**
 * The one table of note permissions for websocket ops, checked by dispatch.ts before any handler runs: which
 * permission an op needs (PROTOCOL section 2, 5.11) and on which notes. A refused op never reaches its handler,
 * so it cannot change anything.
 *
 * Notes:
 * - The table is typed by op, so a new client op does not compile until it is given a rule (or `null`, meaning
 *   the op touches no existing note).
 * - Ops that take their note from the connection (PROTOCOL 1.9) are checked on that note, exactly the one the
 *   handler will use; ops naming a paragraph only by id are checked on the note that holds it.
 * - Unlike Zeppelin, folder and trash ops need OWNER on every note they would move or delete (all or nothing),
 *   cloning needs WRITER on the source (as Zeppelin's REST clone), revision history and Jupyter export need
 *   READER, and angular object changes need RUNNER (they can trigger runs through watchers).
 * - Notes that do not exist are not checked: the handler answers with its usual "not found".
 */
import type { SendMap, SendOp } from '../../protocol';
import type { NotePermission, Subject } from '../notes/authorization';
import { isInFolder, normalizeFolderPath, TRASH_PREFIX } from '../notes/paths';
import { CHECKPOINT_FAILED } from '../revisions/service';
import type { Ctx } from './context';

export interface WsRule<K extends SendOp> {
  perm: NotePermission;
  /** The notes the op would read, write, run or administer. */
  notes: (data: SendMap[K], ctx: Ctx) => string[];
  /** A reply text other than the standard one of PROTOCOL 1.8. */
  message?: (noteId: string, subject: Subject, ctx: Ctx) => string;
  /** Zeppelin's extra frames after the AUTH_INFO, kept where clients rely on them. */
  after?: (data: SendMap[K], ctx: Ctx, noteId: string) => void;
}

export type WsPermissionTable = { [K in SendOp]: WsRule<K> | null };

const one = (id: string | undefined | null): string[] => (typeof id === 'string' && id !== '' ? [id] : []);

/** The note the connection has open (PROTOCOL 1.9), or `fallback` when it has none, as openNote() resolves it. */
const openNoteId = (ctx: Ctx, fallback?: string): string[] =>
  ctx.conn.room !== undefined && ctx.s.notebook.get(ctx.conn.room) ? [ctx.conn.room] : one(fallback);

const notesInFolder = (ctx: Ctx, raw: string | undefined): string[] => {
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  let folder: string;
  try {
    folder = normalizeFolderPath(raw);
  } catch {
    return []; // a bad path: the handler reports it
  }
  return ctx.s.notebook.all().filter((e) => isInFolder(e.path, folder)).map((e) => e.id);
};

const noteHolding = (ctx: Ctx, paragraphId: string): string[] => {
  const open = openNoteId(ctx);
  const inOpen = open.length > 0 && ctx.s.notebook.get(open[0])?.note.paragraphs.some((p) => p.id === paragraphId);
  if (inOpen) return open;
  return ctx.s.notebook.all().filter((e) => e.note.paragraphs.some((p) => p.id === paragraphId)).map((e) => e.id);
};

const byId = <K extends SendOp>(perm: NotePermission): WsRule<K> => ({ perm, notes: (d) => one((d as { id?: string }).id) });
const byNoteId = <K extends SendOp>(perm: NotePermission): WsRule<K> => ({ perm, notes: (d) => one((d as { noteId?: string }).noteId) });
const openNote = <K extends SendOp>(perm: NotePermission): WsRule<K> => ({ perm, notes: (_d, ctx) => openNoteId(ctx) });
const openNoteOr = <K extends SendOp>(perm: NotePermission): WsRule<K> => ({ perm, notes: (d, ctx) => openNoteId(ctx, (d as { noteId?: string }).noteId) });
const folderOwner = <K extends SendOp>(folderOf: (d: SendMap[K]) => string | undefined): WsRule<K> => ({ perm: 'OWNER', notes: (d, ctx) => notesInFolder(ctx, folderOf(d)) });
const trashOwner = <K extends SendOp>(): WsRule<K> => ({ perm: 'OWNER', notes: (_d, ctx) => notesInFolder(ctx, TRASH_PREFIX) });

/** PROTOCOL 1.8: the binding ops word their refusal differently, with blank lines. */
const bindingMessage = (verb: string, perm: NotePermission) => (noteId: string, subject: Subject, ctx: Ctx): string => {
  const [, allowed, belongs] = ctx.s.authorization.denial(noteId, subject, perm).split('\n');
  return `Insufficient privileges to ${verb} interpreter bindings from note.\n\n${allowed}\n\n${belongs}`;
};

export const WS_PERMISSIONS: WsPermissionTable = {
  PING: null,
  LIST_NOTES: null, // filtered per user instead
  RELOAD_NOTES_FROM_REPO: null,
  GET_NOTE: byId('READER'),
  RELOAD_NOTE: byId('READER'),
  GET_HOME_NOTE: { perm: 'READER', notes: (_d, ctx) => one(ctx.s.broadcasts.homeNoteId()) },
  NEW_NOTE: null,
  // Zeppelin checks nothing here; we ask what its REST clone asks (WRITER on the source), so both paths agree.
  CLONE_NOTE: openNote('WRITER'),
  IMPORT_NOTE: null,
  NOTE_UPDATE: byId('WRITER'),
  NOTE_RENAME: {
    ...byId<'NOTE_RENAME'>('OWNER'),
    // Zeppelin refreshes the room with the unchanged note, so a UI that renamed optimistically snaps back.
    after: (_d, ctx, noteId) => {
      const entry = ctx.s.notebook.get(noteId);
      if (entry) ctx.s.broadcasts.note(entry);
    },
  },
  FOLDER_RENAME: folderOwner((d) => d.id),
  MOVE_NOTE_TO_TRASH: byId('OWNER'),
  MOVE_FOLDER_TO_TRASH: folderOwner((d) => d.id),
  RESTORE_NOTE: byId('WRITER'),
  RESTORE_FOLDER: folderOwner((d) => (typeof d.id === 'string' ? `/${d.id.replace(/^\/+/, '')}` : undefined)),
  RESTORE_ALL: trashOwner(),
  EMPTY_TRASH: trashOwner(),
  DEL_NOTE: byId('OWNER'),
  REMOVE_FOLDER: folderOwner((d) => d.id),
  UPDATE_PERSONALIZED_MODE: byId('WRITER'),
  CONVERT_NOTE_NBFORMAT: byNoteId('READER'),

  COMMIT_PARAGRAPH: openNoteOr('WRITER'),
  INSERT_PARAGRAPH: openNote('WRITER'),
  COPY_PARAGRAPH: openNote('WRITER'),
  MOVE_PARAGRAPH: openNote('WRITER'),
  PARAGRAPH_REMOVE: openNote('WRITER'),
  PARAGRAPH_CLEAR_OUTPUT: openNote('WRITER'),
  PARAGRAPH_CLEAR_ALL_OUTPUT: byId('WRITER'),
  PATCH_PARAGRAPH: openNoteOr('WRITER'),
  EDITOR_SETTING: null, // answers from the text it is sent; reads nothing of the note
  COMPLETION: {
    ...openNote<'COMPLETION'>('WRITER'),
    // The editor waits for a COMPLETION_LIST after every request (PROTOCOL 1.8).
    after: (d, ctx) => ctx.reply('COMPLETION_LIST', { id: d.id, completions: [] }),
  },
  GET_PARAGRAPH: null,

  RUN_PARAGRAPH: openNote('RUNNER'),
  RUN_ALL_PARAGRAPHS: byNoteId('RUNNER'),
  CANCEL_PARAGRAPH: { perm: 'RUNNER', notes: (d, ctx) => noteHolding(ctx, d.id) },
  CANCEL_ALL_PARAGRAPHS: byNoteId('RUNNER'),

  CHECKPOINT_NOTE: {
    ...byNoteId<'CHECKPOINT_NOTE'>('WRITER'),
    after: (_d, ctx) => ctx.reply('ERROR_INFO', { info: CHECKPOINT_FAILED }),
  },
  LIST_REVISION_HISTORY: {
    ...byNoteId<'LIST_REVISION_HISTORY'>('READER'),
    // As for an unknown note: release a client waiting for the list.
    after: (_d, ctx) => ctx.reply('LIST_REVISION_HISTORY', {}),
  },
  NOTE_REVISION: byNoteId('READER'),
  NOTE_REVISION_FOR_COMPARE: byNoteId('READER'),
  SET_NOTE_REVISION: byNoteId('WRITER'),

  LIST_NOTE_JOBS: null, // filtered per user instead
  LIST_UPDATE_NOTE_JOBS: null,
  UNSUBSCRIBE_UPDATE_NOTE_JOBS: null,

  GET_INTERPRETER_BINDINGS: { ...byNoteId<'GET_INTERPRETER_BINDINGS'>('READER'), message: bindingMessage('get', 'READER') },
  SAVE_INTERPRETER_BINDINGS: { ...byNoteId<'SAVE_INTERPRETER_BINDINGS'>('WRITER'), message: bindingMessage('save', 'WRITER') },
  GET_INTERPRETER_SETTINGS: null,

  ANGULAR_OBJECT_UPDATED: byNoteId('RUNNER'),
  ANGULAR_OBJECT_CLIENT_BIND: byNoteId('RUNNER'),
  ANGULAR_OBJECT_CLIENT_UNBIND: byNoteId('RUNNER'),

  SAVE_NOTE_FORMS: byNoteId('WRITER'),
  REMOVE_NOTE_FORMS: byNoteId('WRITER'),

  PARAGRAPH_EXECUTED_BY_SPELL: openNote('RUNNER'),

  LIST_CONFIGURATIONS: null,
  WATCHER: null,
};

/**
 * Checks `op` for the frame's user; on refusal sends AUTH_INFO (and the op's extra frames) and answers false,
 * and the op must then not run.
 */
export function authorizeFrame<K extends SendOp>(op: K, data: SendMap[K], ctx: Ctx): boolean {
  const rule = WS_PERMISSIONS[op] as WsRule<K> | null;
  if (!rule) return true;
  const subject: Subject = { user: ctx.user, roles: ctx.roles };
  const ids = rule.notes(data, ctx).filter((id) => ctx.s.notebook.get(id) !== undefined);
  const denied = ids.find((id) => !ctx.s.authorization.allows(id, subject, rule.perm));
  if (denied === undefined) return true;
  const info = rule.message ? rule.message(denied, subject, ctx) : ctx.s.authorization.denial(denied, subject, rule.perm);
  ctx.reply('AUTH_INFO', { info });
  rule.after?.(data, ctx, denied);
  return false;
}
