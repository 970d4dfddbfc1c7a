/**
 * Paragraph text while collaborating: patches applied to the server's copy, and the choice between a sent text and
 * the sender's patch. Our client adds `patch` (its own change since it last shared the text) to COMMIT_PARAGRAPH
 * and RUN_PARAGRAPH, so the server can keep a collaborator's patch that the sender had not received yet; a client
 * that sends no patch (Zeppelin's own UIs) replaces the text as with Zeppelin.
 */
import DiffMatchPatch from 'diff-match-patch';
import { findParagraph } from '../notes/paragraphs';
import type { NoteEntry } from '../notes/notebook';
import { ZeppelinError } from '../util/errors';
import { resyncFor } from './collabResync';
import type { Ctx } from './context';

const dmp = new DiffMatchPatch();

export const collaborative = (ctx: Ctx): boolean => ctx.s.config.getBool('zeppelin.notebook.collaborative.mode.enable', true);

/** Applies a diff-match-patch text fuzzily, as Zeppelin does; hunks whose context is gone are dropped. */
export function applyPatch(patch: string, text: string): string {
  let patches;
  try {
    patches = dmp.patch_fromText(patch);
  } catch (e) {
    throw new ZeppelinError(`Invalid patch: ${(e as Error).message}`);
  }
  return dmp.patch_apply(patches, text)[0];
}

/** The text a commit or run keeps: the sender's patch on the server's copy when both sides collaborate, else the sent text. */
export function textToKeep(ctx: Ctx, sent: string, patch: string | undefined, stored: string | undefined): string {
  return patch === undefined || !collaborative(ctx) ? sent : applyPatch(patch, stored ?? '');
}

/** After the room has been quiet for a moment, every watcher gets the server's text (see collabResync.ts). */
export function scheduleResync(ctx: Ctx, entry: NoteEntry, id: string): void {
  resyncFor(ctx.s.connections).patched(entry.id, id, ctx.user, () => {
    const now = ctx.s.notebook.get(entry.id);
    const found = now && findParagraph(now.note, id);
    return found ? found.paragraph.text ?? '' : undefined;
  });
}
