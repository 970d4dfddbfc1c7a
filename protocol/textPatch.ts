/**
 * Zeppelin's collaborative text patches: diff-match-patch `patch_toText`, with the JS `toString` joiner fixed the
 * way Zeppelin's SDK does (`,@@` → `@@`), so that the Java side can read them.
 */
import DiffMatchPatch from 'diff-match-patch';

const dmp = new DiffMatchPatch();

export function makePatchText(from: string, to: string): string {
  return dmp.patch_toText(dmp.patch_make(from, to)).replace(/,@@/g, '@@');
}

/** Applies a patch fuzzily; a patch that cannot be read leaves the text as it was. */
export function applyPatchText(text: string, patch: string): string {
  try {
    const [next] = dmp.patch_apply(dmp.patch_fromText(patch), text);
    return next;
  } catch {
    return text;
  }
}
