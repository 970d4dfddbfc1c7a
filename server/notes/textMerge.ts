/**
 * Merging a collaborator's text change into the server's copy. Our client adds `patch` (its own change since it last
 * shared the text) to COMMIT_PARAGRAPH, RUN_PARAGRAPH and each RUN_ALL_PARAGRAPHS entry, so the server can keep a
 * collaborator's patch that the sender had not received yet; a client that sends no patch (Zeppelin's own UIs)
 * replaces the text as with Zeppelin.
 */
import DiffMatchPatch from 'diff-match-patch';
import type { ZeppelinConfig } from '../config';
import { ZeppelinError } from '../util/errors';

const dmp = new DiffMatchPatch();

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
export function keptText(config: ZeppelinConfig, sent: string, patch: string | undefined, stored: string | undefined): string {
  return patch === undefined || !config.getBool('zeppelin.notebook.collaborative.mode.enable', true) ? sent : applyPatch(patch, stored ?? '');
}
