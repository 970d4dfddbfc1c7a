/** Notes, folders and trash (PROTOCOL 2.1). */
import type { JsonObject } from '../../../protocol';
import { noteToIpynb } from '../../notes/jupyter/export';
import { importSummary, isJupyter } from '../../notes/jupyter/summary';
import type { NoteEntry } from '../../notes/notebook';
import { nameOf, normalizeNotePath, parentOf } from '../../notes/paths';
import { cronAllowedFor, cronEnabled, runAsRefusal } from '../../cron/policy';
import { errorMessage, noSuchNote, ZeppelinError } from '../../util/errors';
import type { Ctx, HandlerTable } from '../context';

function show(ctx: Ctx, entry: NoteEntry, personalView = true): void {
  // Joining first sends COLLABORATIVE_MODE_STATUS to the room, then the NOTE goes to the sender (PROTOCOL 2.1).
  ctx.s.connections.join(ctx.conn, entry.id);
  // A personalized note shows the caller's own results and form values (PROTOCOL 5.7).
  ctx.conn.sendRaw(ctx.s.broadcasts.noteFrame(entry, ctx.user, personalView));
  ctx.s.angular.replay(ctx.conn, entry, ctx.s.broadcasts.bindings(entry.note).map((b) => b.name));
}

/** PROTOCOL 2.1 NOTE_UPDATE: cron settings are refused while cron is off, and may only name the caller's identity. */
function cronGuard(ctx: Ctx, config: JsonObject): void {
  const set = (k: string): boolean => config[k] !== undefined && config[k] !== null;
  if (!cronEnabled(ctx.s.config)) {
    if (set('cron') || set('cronExecutingUser') || set('cronExecutingRoles')) throw new ZeppelinError('Wrong configs');
    return;
  }
  const refusal = runAsRefusal(config, ctx.user, ctx.roles);
  if (refusal !== undefined) throw new ZeppelinError(refusal);
}

export const noteHandlers = {
  LIST_NOTES: (_data, ctx) => {
    ctx.reply('NOTES_INFO', ctx.s.broadcasts.notesInfoData({ user: ctx.user, roles: ctx.roles }));
  },

  RELOAD_NOTES_FROM_REPO: async (_data, ctx) => {
    await ctx.s.notebook.flush();
    await ctx.s.notebook.reload();
    ctx.s.broadcasts.notesInfo();
  },

  GET_NOTE: ({ id }, ctx) => {
    show(ctx, ctx.s.notebook.mustGet(id));
  },

  RELOAD_NOTE: async ({ id }, ctx) => {
    ctx.s.notebook.mustGet(id);
    await ctx.s.notebook.reloadOne(id);
    show(ctx, ctx.s.notebook.mustGet(id));
  },

  GET_HOME_NOTE: (_data, ctx) => {
    const home = ctx.s.broadcasts.homeNoteId();
    const entry = home === undefined ? undefined : ctx.s.notebook.get(home);
    if (entry) {
      // The home note is always the stored note, never a personalized view (PROTOCOL 2.1).
      show(ctx, entry, false);
      return;
    }
    ctx.s.connections.leave(ctx.conn);
    ctx.reply('NOTE', {});
  },

  NEW_NOTE: async ({ name, defaultInterpreterGroup }, ctx) => {
    let entry: NoteEntry;
    try {
      const path = normalizeNotePath(name);
      entry = await ctx.s.notebook.create(path, { defaultInterpreterGroup, emptyParagraph: true, user: ctx.user });
    } catch (e) {
      // Zeppelin reports a failed creation twice: the raw message, then a summary naming the exception.
      const kind = e instanceof ZeppelinError && e.status === 'CONFLICT' ? 'NotePathAlreadyExistsException' : 'IOException';
      ctx.reply('ERROR_INFO', { info: errorMessage(e) });
      ctx.reply('ERROR_INFO', { info: `Failed to create note.\n${kind}: ${errorMessage(e)}` });
      return;
    }
    ctx.s.authorization.noteCreated(entry.id, ctx.user);
    ctx.s.connections.join(ctx.conn, entry.id);
    ctx.reply('NEW_NOTE', { note: ctx.s.broadcasts.wsNote(entry) });
    ctx.s.broadcasts.notesInfo();
  },

  CLONE_NOTE: async ({ name }, ctx) => {
    let entry: NoteEntry;
    try {
      const source = ctx.s.notebook.get(ctx.conn.room ?? '');
      if (!source) throw new Error('no note is open on this connection (the source of CLONE_NOTE is the open note)');
      const path = name && name.trim() !== '' ? normalizeNotePath(name) : `/Cloned Note_${source.id}`;
      entry = await ctx.s.notebook.clone(source.id, path);
    } catch (e) {
      throw new ZeppelinError(errorMessage(e), 'BAD_REQUEST', `Fail to clone note, cause: ${errorMessage(e)}`);
    }
    ctx.s.authorization.noteCreated(entry.id, ctx.user);
    ctx.s.connections.join(ctx.conn, entry.id);
    ctx.reply('NEW_NOTE', { note: ctx.s.broadcasts.wsNote(entry) });
    ctx.s.broadcasts.notesInfo();
  },

  IMPORT_NOTE: async ({ note }, ctx) => {
    let entry: NoteEntry;
    let message: string | undefined;
    try {
      if (isJupyter(note)) {
        const { ipynbToNote } = await import('../../notes/jupyter/import');
        const converted = ipynbToNote(note, ctx.user);
        const given = typeof note.name === 'string' && note.name !== '' ? note.name : converted.name;
        // A notebook's own title is used as is (PROTOCOL 2.1): root folder unless it contains a slash.
        const path = given.startsWith('/') ? given : `/${given}`;
        const { paragraphs, defaultInterpreterGroup } = converted;
        entry = await ctx.s.notebook.importNote({ paragraphs, defaultInterpreterGroup } as unknown as JsonObject, path);
        message = `${importSummary(converted)} from the notebook into "${nameOf(entry.path)}"`;
      } else {
        const path = normalizeNotePath(typeof note.name === 'string' ? note.name : '');
        entry = await ctx.s.notebook.importNote(note, path);
      }
    } catch (e) {
      throw new ZeppelinError(errorMessage(e), 'BAD_REQUEST', `Fail to import note: ${errorMessage(e)}, cause: ${errorMessage(e)}`);
    }
    ctx.s.authorization.noteCreated(entry.id, ctx.user);
    ctx.reply('IMPORT_NOTE', { note: ctx.s.broadcasts.wsNote(entry), ...(message ? { message } : {}) });
    ctx.s.broadcasts.notesInfo();
  },

  NOTE_UPDATE: async ({ id, name, config }, ctx) => {
    const entry = ctx.s.notebook.mustGet(id);
    cronGuard(ctx, config as JsonObject);
    // Zeppelin writes `name` into the note's name and path; here a changed name is a rename inside the folder.
    if (name !== nameOf(entry.path)) await ctx.s.notebook.rename(id, normalizeNotePath(`${parentOf(entry.path)}/${name}`));
    const allowed = cronAllowedFor(ctx.s.config, entry.path);
    const next: JsonObject = { ...config, isZeppelinNotebookCronEnable: allowed };
    // A note outside the allowed folders silently loses its schedule (PROTOCOL 2.1).
    if (!allowed) delete next.cron;
    ctx.s.notebook.setNoteField(entry, 'config', next);
    // Saving reschedules the note (cron/scheduler.ts follows every change) and records a bad expression in info.cron.
    await ctx.s.notebook.save(id);
    ctx.s.connections.toRoom(id, 'NOTE_UPDATED', { name: nameOf(entry.path), config: next, info: ctx.s.broadcasts.wsNote(entry).info ?? {} });
    ctx.s.broadcasts.notesInfo();
  },

  NOTE_RENAME: async ({ id, name, relative }, ctx) => {
    const entry = ctx.s.notebook.mustGet(id);
    const parent = parentOf(entry.path);
    const path = normalizeNotePath(relative === true && parent !== '' ? `${parent}/${name}` : name);
    try {
      await ctx.s.notebook.rename(id, path);
    } catch (e) {
      // A clash still refreshes the room with the unchanged note, so stale UIs snap back (PROTOCOL 2.1).
      ctx.reply('ERROR_INFO', { info: e instanceof ZeppelinError ? e.wsInfo : errorMessage(e) });
      ctx.s.broadcasts.note(entry);
      return;
    }
    ctx.s.broadcasts.note(entry);
    ctx.s.broadcasts.notesInfo();
  },

  FOLDER_RENAME: async ({ id, name }, ctx) => {
    await ctx.s.notebook.moveFolder(id, name);
    ctx.s.broadcasts.notesInfo();
  },

  MOVE_NOTE_TO_TRASH: async ({ id }, ctx) => {
    // A note in the trash does not go on running: its runs end (ABORT) rather than showing RUNNING there.
    ctx.s.notebook.mustGet(id);
    ctx.s.engine.cancelNote(id);
    const entry = await ctx.s.notebook.trashNote(id);
    ctx.s.broadcasts.note(entry);
    ctx.s.broadcasts.notesInfo();
  },

  MOVE_FOLDER_TO_TRASH: async ({ id }, ctx) => {
    const moved = await ctx.s.notebook.trashFolder(id);
    for (const entry of moved) ctx.s.engine.cancelNote(entry.id);
    ctx.s.broadcasts.notesInfo();
  },

  RESTORE_NOTE: async ({ id }, ctx) => {
    const entry = await ctx.s.notebook.restoreNote(id);
    ctx.s.broadcasts.note(entry);
    ctx.s.broadcasts.notesInfo();
  },

  RESTORE_FOLDER: async ({ id }, ctx) => {
    await ctx.s.notebook.restoreFolder(id);
    ctx.s.broadcasts.notesInfo();
  },

  RESTORE_ALL: async (_data, ctx) => {
    await ctx.s.notebook.restoreAll();
    ctx.s.broadcasts.notesInfo();
  },

  EMPTY_TRASH: async (_data, ctx) => {
    await ctx.s.notebook.emptyTrash();
    ctx.s.broadcasts.notesInfo();
  },

  DEL_NOTE: async ({ id }, ctx) => {
    await ctx.s.notebook.remove(id);
    ctx.s.connections.dropRoom(id);
    ctx.s.broadcasts.notesInfo();
  },

  REMOVE_FOLDER: async ({ id }, ctx) => {
    const removed = await ctx.s.notebook.removeFolder(id);
    for (const e of removed) ctx.s.connections.dropRoom(e.id);
    ctx.s.broadcasts.notesInfo();
  },

  // Turning the mode off discards every user's copy; the note's own (shared) paragraphs remain (PROTOCOL 5.7).
  UPDATE_PERSONALIZED_MODE: async ({ id, personalized }, ctx) => {
    if (personalized !== 'true' && personalized !== 'false') throw new ZeppelinError('personalized must be the string "true" or "false"');
    const entry = ctx.s.notebook.mustGet(id);
    ctx.s.notebook.setNoteField(entry, 'config', { ...(entry.note.config ?? {}), personalizedMode: personalized });
    await ctx.s.notebook.save(id);
    // The copies' file is gone before anyone is told the mode is off (a write under way is waited for).
    if (personalized === 'false') await ctx.s.broadcasts.personal?.discard(id);
    ctx.s.broadcasts.note(entry);
  },

  CONVERT_NOTE_NBFORMAT: ({ noteId, noteName }, ctx) => {
    const entry = ctx.s.notebook.get(noteId);
    if (!entry) throw new ZeppelinError(noSuchNote(noteId).message, 'NOT_FOUND');
    const nb = noteToIpynb({ ...entry.note, name: nameOf(entry.path) });
    ctx.reply('CONVERTED_NOTE_NBFORMAT', { nbformat: JSON.stringify(nb, null, 2), noteName: noteName ?? nameOf(entry.path) });
  },
} satisfies Partial<HandlerTable>;
