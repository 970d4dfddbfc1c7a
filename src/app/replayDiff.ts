/**
 * The difference of the recorded and the replayed state, as the tree jsondiffpatch draws: only the changed
 * branches, long texts as line diffs. Its HTML formatter escapes every value it prints, so a log file's contents
 * cannot inject markup into the page.
 */
import DiffMatchPatch from 'diff-match-patch';
import { create, type Options } from 'jsondiffpatch';
import { format } from 'jsondiffpatch/formatters/html';

const differ = create({
  // Lists of notes, paragraphs, jobs and settings are matched by id, so one insertion is not a change of every row.
  objectHash: (o: object, i?: number) => {
    const id = (o as { id?: unknown }).id;
    return typeof id === 'string' ? id : `#${i ?? ''}`;
  },
  textDiff: { diffMatchPatch: DiffMatchPatch as unknown as NonNullable<Options['textDiff']>['diffMatchPatch'], minLength: 120 },
});

/** HTML of what differs; empty when nothing does. */
export function stateDiffHtml(expected: unknown, replayed: unknown): string {
  const delta = differ.diff(expected, replayed);
  return delta ? format(delta) ?? '' : '';
}
