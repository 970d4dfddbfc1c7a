/** Interpreter bindings and settings (PROTOCOL 2.6). */
import { ZeppelinError } from '../../util/errors';
import { mayUse } from '../../interpreters/settingsAdmin';
import type { HandlerTable } from '../context';

export const interpreterHandlers = {
  GET_INTERPRETER_BINDINGS: ({ noteId }, ctx) => {
    const entry = ctx.s.notebook.get(noteId);
    ctx.reply('INTERPRETER_BINDINGS', { interpreterBindings: entry ? ctx.s.broadcasts.bindings(entry.note) : [] });
  },

  /** Only the first id matters: it becomes the note's default interpreter group. */
  SAVE_INTERPRETER_BINDINGS: async ({ noteId, selectedSettingIds }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    const first: unknown = selectedSettingIds[0];
    if (first !== undefined) {
      const setting = typeof first === 'string' ? ctx.s.interpreters.all().find((s) => s.id === first || s.name === first) : undefined;
      if (!setting) throw new ZeppelinError(`No such interpreter setting: ${String(first)}`, 'NOT_FOUND');
      ctx.s.notebook.setNoteField(entry, 'defaultInterpreterGroup', setting.name);
      await ctx.s.notebook.save(noteId);
    }
    ctx.reply('INTERPRETER_BINDINGS', { interpreterBindings: ctx.s.broadcasts.bindings(entry.note) });
  },

  GET_INTERPRETER_SETTINGS: (_data, ctx) => {
    ctx.reply('INTERPRETER_SETTINGS', { interpreterSettings: ctx.s.interpreters.all().filter((x) => mayUse(x, ctx.user, ctx.roles)) });
  },
} satisfies Partial<HandlerTable>;
