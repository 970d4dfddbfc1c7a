/**
 * Paragraph text while collaborating, for the websocket handlers: the merge of a sender's patch (notes/textMerge.ts)
 * under this server's configuration, and the resync that brings every watcher to the server's text afterwards.
 */
import { findParagraph } from '../notes/paragraphs';
import type { NoteEntry } from '../notes/notebook';
import { applyPatch, keptText } from '../notes/textMerge';
import { resyncFor } from './collabResync';
import type { Ctx } from './context';

export { applyPatch };

export const collaborative = (ctx: Ctx): boolean => ctx.s.config.getBool('zeppelin.notebook.collaborative.mode.enable', true);

export const textToKeep = (ctx: Ctx, sent: string, patch: string | undefined, stored: string | undefined): string =>
  keptText(ctx.s.config, sent, patch, stored);

/** After the room has been quiet for a moment, the note is saved and every watcher gets the server's text (see collabResync.ts). */
export function scheduleResync(ctx: Ctx, entry: NoteEntry, id: string, seq?: number): void {
  resyncFor(ctx.s.connections).patched(entry.id, id, { conn: ctx.conn, user: ctx.user, seq }, {
    text: () => {
      const now = ctx.s.notebook.get(entry.id);
      const found = now && findParagraph(now.note, id);
      return found ? found.paragraph.text ?? '' : undefined;
    },
    save: () => ctx.s.notebook.save(entry.id),
  });
}
