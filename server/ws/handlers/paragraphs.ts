/** Paragraph editing (PROTOCOL 2.2). */
import type { Paragraph } from '../../../protocol';
import { toWsParagraph } from '../../notes/wire';
import { clearOutput, commitParagraph, findParagraph, inheritedText, newParagraph, setParagraphField, setText } from '../../notes/paragraphs';
import { errorMessage, noSuchParagraph, ZeppelinError } from '../../util/errors';
import { openNote, toIndex, type Ctx, type HandlerTable } from '../context';
import type { NoteEntry } from '../../notes/notebook';
import { applyPatch, collaborative, scheduleResync, textToKeep } from '../collabText';
import { personalClear, personalClearAll, personalCommit } from '../../personal/ops';

function paragraphOf(entry: NoteEntry, id: string): { paragraph: Paragraph; index: number } {
  const found = findParagraph(entry.note, id);
  if (!found) throw noSuchParagraph(id);
  return found;
}


const badIndex = (index: number, size: number): ZeppelinError =>
  new ZeppelinError(`Index ${index} out of bounds (0..${size})`, 'BAD_REQUEST', `HTTP 400 Bad Request, cause: index ${index} is out of bounds (note has ${size} paragraphs)`);

/** Creates a paragraph at `index` with inherited magic and merged config; shared by INSERT and COPY. */
async function insertAt(ctx: Ctx, entry: NoteEntry, rawIndex: number | string, config: Paragraph['config'] | undefined): Promise<{ paragraph: Paragraph; index: number }> {
  const index = toIndex(rawIndex);
  const size = entry.note.paragraphs.length;
  if (!Number.isFinite(index) || index < 0 || index > size) throw badIndex(index, size);
  const paragraph = newParagraph(ctx.user, inheritedText(entry.note, index, ctx.s.interpreters));
  if (config) setParagraphField(paragraph, 'config', { ...(paragraph.config ?? {}), ...config });
  entry.note.paragraphs.splice(index, 0, paragraph);
  await ctx.s.notebook.save(entry.id);
  ctx.s.connections.toRoom(entry.id, 'PARAGRAPH_ADDED', { paragraph: toWsParagraph(paragraph), index }, { msgId: ctx.msgId });
  ctx.s.broadcasts.jobUpdate([entry.id]);
  return { paragraph, index };
}

export const paragraphHandlers = {
  COMMIT_PARAGRAPH: async ({ id, noteId, title, paragraph: sent, params, config, patch }, ctx) => {
    const entry = openNote(ctx, noteId);
    const { paragraph } = paragraphOf(entry, id);
    const text = textToKeep(ctx, sent, patch, paragraph.text);
    if (await personalCommit(ctx, entry, paragraph, { title, text, params, config })) return;
    commitParagraph(paragraph, { title, text, params, config });
    await ctx.s.notebook.saveEdit(entry.id, paragraph);
    ctx.s.broadcasts.paragraph(entry, paragraph, ctx.msgId);
    // The sender lacked part of the merged text (a patch on its way to it, or one that applied fuzzily): the
    // resync after the quiet moment brings every watcher to this text.
    if (text !== sent) scheduleResync(ctx, entry, id);
  },

  INSERT_PARAGRAPH: async ({ index, config }, ctx) => {
    await insertAt(ctx, openNote(ctx), index, config);
  },

  COPY_PARAGRAPH: async ({ index, title, paragraph: text, config, params }, ctx) => {
    const entry = openNote(ctx);
    const { paragraph } = await insertAt(ctx, entry, index, undefined);
    commitParagraph(paragraph, { title, text, params: params ?? {}, config: config ?? {} });
    await ctx.s.notebook.save(entry.id);
    ctx.s.broadcasts.paragraph(entry, paragraph, ctx.msgId);
  },

  MOVE_PARAGRAPH: async ({ id, index: rawIndex }, ctx) => {
    const entry = openNote(ctx);
    const { index: from } = paragraphOf(entry, id);
    const index = toIndex(rawIndex);
    const size = entry.note.paragraphs.length;
    if (!Number.isFinite(index) || index < 0 || index >= size) throw badIndex(index, size - 1);
    const [moved] = entry.note.paragraphs.splice(from, 1);
    entry.note.paragraphs.splice(index, 0, moved);
    await ctx.s.notebook.save(entry.id);
    ctx.s.connections.toRoom(entry.id, 'PARAGRAPH_MOVED', { id, index });
  },

  PARAGRAPH_REMOVE: async ({ id }, ctx) => {
    const entry = openNote(ctx);
    const { index } = paragraphOf(entry, id);
    entry.note.paragraphs.splice(index, 1);
    ctx.s.engine.paragraphRemoved(entry.id, id);
    await ctx.s.notebook.save(entry.id);
    ctx.s.connections.toRoom(entry.id, 'PARAGRAPH_REMOVED', { id });
    ctx.s.broadcasts.jobUpdate([entry.id]);
  },

  // Not saved, as in Zeppelin: the cleared output reaches the file with the note's next save.
  PARAGRAPH_CLEAR_OUTPUT: ({ id }, ctx) => {
    const entry = openNote(ctx);
    const { paragraph } = paragraphOf(entry, id);
    if (personalClear(ctx, entry, id)) return;
    clearOutput(paragraph);
    ctx.s.notebook.touch(entry.id);
    ctx.s.broadcasts.paragraph(entry, paragraph, ctx.msgId);
  },

  PARAGRAPH_CLEAR_ALL_OUTPUT: async ({ id }, ctx) => {
    const entry = ctx.s.notebook.mustGet(id);
    if (await personalClearAll(ctx, entry)) return;
    for (const p of entry.note.paragraphs) clearOutput(p);
    await ctx.s.notebook.save(id);
    ctx.s.broadcasts.note(entry);
  },

  /**
   * Collaborative editing (PROTOCOL 5.8): apply to the server copy (kept in memory until the next save) and relay
   * the identical patch text to the rest of the room.
   */
  PATCH_PARAGRAPH: ({ id, noteId, patch, seq }, ctx) => {
    if (!collaborative(ctx)) return;
    const entry = openNote(ctx, noteId);
    const { paragraph } = paragraphOf(entry, id);
    setText(paragraph, applyPatch(patch, paragraph.text ?? ''));
    ctx.s.notebook.touch(entry.id);
    // `user` is our extension: it lets the other watchers show who is editing the paragraph.
    ctx.s.connections.toRoom(entry.id, 'PATCH_PARAGRAPH', { paragraphId: id, patch, user: ctx.user }, { except: ctx.conn });
    scheduleResync(ctx, entry, id, seq);
  },

  EDITOR_SETTING: ({ paragraphId, paragraphText }, ctx) => {
    const entry = ctx.s.notebook.get(ctx.conn.room ?? '');
    const editor = ctx.s.interpreters.editorFor(paragraphText, entry?.note.defaultInterpreterGroup);
    ctx.reply('EDITOR_SETTING', { paragraphId, editor });
  },

  /** Sets the in-memory text to `buf` (PROTOCOL 2.2); any failure still ends with an (empty) COMPLETION_LIST. */
  COMPLETION: async ({ id, buf, cursor }, ctx) => {
    try {
      const entry = openNote(ctx);
      const { paragraph } = paragraphOf(entry, id);
      setText(paragraph, buf);
      ctx.s.notebook.touch(entry.id);
      const completions = await ctx.s.engine.completion(entry, paragraph, buf, toIndex(cursor), ctx.user ?? 'anonymous');
      ctx.reply('COMPLETION_LIST', { id, completions });
    } catch (e) {
      ctx.reply('ERROR_INFO', { info: e instanceof ZeppelinError ? e.wsInfo : `COMPLETION failed: ${errorMessage(e)}` });
      ctx.reply('COMPLETION_LIST', { id, completions: [] });
    }
  },

  // In Zeppelin's enum but read by no handler there either.
  GET_PARAGRAPH: () => undefined,
} satisfies Partial<HandlerTable>;
