/** Revisions (PROTOCOL 2.4): checkpoint, history, a note at a revision, restore, compare. */
import { toWsNote } from '../../notes/wire';
import { CHECKPOINT_FAILED, checkpoint, listRevisions, noteAtRevision, restoreRevision } from '../../revisions/service';
import { errorMessage, ZeppelinError } from '../../util/errors';
import type { HandlerTable } from '../context';

export const revisionHandlers = {
  CHECKPOINT_NOTE: async ({ noteId, commitMessage }, ctx) => {
    const revision = await checkpoint(ctx.s, noteId, commitMessage);
    if (!revision) {
      ctx.reply('ERROR_INFO', { info: CHECKPOINT_FAILED });
      return;
    }
    ctx.reply('LIST_REVISION_HISTORY', { revisionList: await listRevisions(ctx.s, noteId) });
  },

  // Zeppelin answers an unknown note with the error and then an empty history, so a waiting client is released.
  LIST_REVISION_HISTORY: async ({ noteId }, ctx) => {
    let revisionList;
    try {
      revisionList = await listRevisions(ctx.s, noteId);
    } catch (e) {
      ctx.reply('ERROR_INFO', { info: e instanceof ZeppelinError ? e.wsInfo : errorMessage(e) });
      ctx.reply('LIST_REVISION_HISTORY', {});
      return;
    }
    ctx.reply('LIST_REVISION_HISTORY', revisionList === undefined ? {} : { revisionList });
  },

  NOTE_REVISION: async ({ noteId, revisionId }, ctx) => {
    const found = await noteAtRevision(ctx.s, noteId, revisionId);
    ctx.reply('NOTE_REVISION', found ? { noteId, revisionId, note: toWsNote(found.note, found.path) } : { noteId, revisionId });
  },

  NOTE_REVISION_FOR_COMPARE: async ({ noteId, revisionId, position }, ctx) => {
    const found = await noteAtRevision(ctx.s, noteId, revisionId);
    const base = { noteId, revisionId, position };
    ctx.reply('NOTE_REVISION_FOR_COMPARE', found ? { ...base, note: toWsNote(found.note, found.path) } : base);
  },

  SET_NOTE_REVISION: async ({ noteId, revisionId }, ctx) => {
    const entry = await restoreRevision(ctx.s, noteId, revisionId);
    ctx.reply('SET_NOTE_REVISION', { status: true });
    ctx.s.broadcasts.note(entry);
  },
} satisfies Partial<HandlerTable>;
