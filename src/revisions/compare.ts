/**
 * The revisions comparator's logic, free of React: which paragraphs two revisions of a note share, and the diff of
 * one paragraph's text and results. Paragraphs are matched by id, so a moved paragraph is not "added".
 */
import DiffMatchPatch from 'diff-match-patch';
import { create, type Delta, type Options } from 'jsondiffpatch';
import { format } from 'jsondiffpatch/formatters/html';
import type { Note, Paragraph, ParagraphResults } from '../../protocol';

export type ParagraphChange = 'added' | 'deleted' | 'there are differences' | 'contents are identical';

export interface ParagraphComparison {
  id: string;
  /** What the list shows for the paragraph: its title, else its first line. */
  label: string;
  change: ParagraphChange;
  /** The paragraph in the first revision (absent when added). */
  first?: Paragraph;
  /** The paragraph in the second revision (absent when deleted). */
  second?: Paragraph;
}

export interface ParagraphDiff {
  /** Undefined when the texts are equal. */
  text: Delta | undefined;
  results: Delta | undefined;
}

// diff-match-patch's JS port is the library jsondiffpatch expects for text diffs; its own bundled copy is ESM-only.
// Result messages are matched by position, so a changed output shows as a text diff of that message.
const differ = create({
  textDiff: { diffMatchPatch: DiffMatchPatch as unknown as NonNullable<Options['textDiff']>['diffMatchPatch'], minLength: 1 },
});

export function labelOf(p: Paragraph): string {
  if (p.title) return p.title;
  const first = (p.text ?? '').split('\n').find((line) => line.trim() !== '');
  return first?.trim() ?? p.id;
}

/** Only what a reader compares: the text and the output, not run dates or editor state. */
const comparable = (p: Paragraph): { text: string; results: ParagraphResults | undefined } => ({ text: p.text ?? '', results: p.results });

/**
 * Paragraph text is compared line by line: the panel then lists every line, kept, deleted or added, with its number,
 * which reads like a code diff (a character diff of the whole text shows only fragments and offsets).
 */
export const linesOf = (text: string | undefined): string[] => (text ?? '').split('\n');

export function diffParagraph(first: Paragraph | undefined, second: Paragraph | undefined): ParagraphDiff {
  const a = first ? comparable(first) : { text: '', results: undefined };
  const b = second ? comparable(second) : { text: '', results: undefined };
  return {
    text: differ.diff(linesOf(a.text), linesOf(b.text)),
    results: differ.diff(a.results ?? {}, b.results ?? {}),
  };
}

/** The second revision's paragraphs in its order, then those only the first revision has. */
export function compareNotes(first: Note, second: Note): ParagraphComparison[] {
  const inFirst = new Map(first.paragraphs.map((p) => [p.id, p]));
  const inSecond = new Set(second.paragraphs.map((p) => p.id));
  const out: ParagraphComparison[] = second.paragraphs.map((p) => {
    const before = inFirst.get(p.id);
    if (!before) return { id: p.id, label: labelOf(p), change: 'added', second: p };
    const d = diffParagraph(before, p);
    const change: ParagraphChange = d.text === undefined && d.results === undefined ? 'contents are identical' : 'there are differences';
    return { id: p.id, label: labelOf(p), change, first: before, second: p };
  });
  for (const p of first.paragraphs) {
    if (!inSecond.has(p.id)) out.push({ id: p.id, label: labelOf(p), change: 'deleted', first: p });
  }
  return out;
}

/** jsondiffpatch's HTML rendering (values are escaped by the formatter); empty when nothing differs. */
export function diffHtml(delta: Delta | undefined, left: unknown): string {
  return delta === undefined ? '' : (format(delta, left) ?? '');
}
