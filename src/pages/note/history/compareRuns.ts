/**
 * What changed between two runs' results, free of React: text as a line diff, tables as added, removed and
 * changed rows. Both use diff-match-patch's line mode (each line, or table row, diffed as one symbol), the library
 * the collaborative editing already ships.
 */
import DiffMatchPatch from 'diff-match-patch';
import type { ResultMessage } from '../../../../protocol';

export interface LineChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export type RowChange =
  | { kind: 'added' | 'removed'; cells: string[] }
  | { kind: 'changed'; before: string[]; after: string[] };

export interface TableDiff {
  /** The newer run's header (the older one's when the newer has none). */
  columns: string[];
  columnsChanged: boolean;
  rows: RowChange[];
  counts: { added: number; removed: number; changed: number };
}

export type MessageDiff =
  | { kind: 'table'; index: number; diff: TableDiff }
  | { kind: 'text'; index: number; type: string; lines: LineChange[] };

const dmp = new DiffMatchPatch();

/** Each line of `before` and `after` as one diff symbol, so the diff never splits a line. */
function lineOps(before: string, after: string): [number, string[]][] {
  const { chars1, chars2, lineArray } = dmp.diff_linesToChars_(before, after);
  const diffs = dmp.diff_main(chars1, chars2, false);
  dmp.diff_charsToLines_(diffs, lineArray);
  return diffs.map(([op, text]) => [op, text.split('\n').slice(0, -1)]);
}

const withNewline = (s: string): string => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

export function lineDiff(before: string, after: string): LineChange[] {
  const out: LineChange[] = [];
  for (const [op, lines] of lineOps(withNewline(before), withNewline(after))) {
    const kind = op === DiffMatchPatch.DIFF_INSERT ? 'added' : op === DiffMatchPatch.DIFF_DELETE ? 'removed' : 'same';
    for (const text of lines) out.push({ kind, text });
  }
  return out;
}

function parseTsv(data: string): { header: string[]; rows: string[] } {
  const lines = data.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
  return { header: lines[0]?.split('\t') ?? [], rows: lines.slice(1) };
}

/**
 * A stretch of removed and added rows between unchanged ones: a removed and an added row with the same first cell
 * are one changed row; the rest stay removed or added.
 */
function settleBlock(removed: string[][], added: string[][], out: RowChange[]): void {
  const used = new Set<number>();
  for (const before of removed) {
    const i = added.findIndex((a, j) => !used.has(j) && a[0] === before[0]);
    if (i >= 0) {
      used.add(i);
      out.push({ kind: 'changed', before, after: added[i] });
    } else out.push({ kind: 'removed', cells: before });
  }
  added.forEach((cells, j) => {
    if (!used.has(j)) out.push({ kind: 'added', cells });
  });
}

export function tableDiff(before: string, after: string): TableDiff {
  const a = parseTsv(before);
  const b = parseTsv(after);
  const rows: RowChange[] = [];
  let removed: string[][] = [];
  let added: string[][] = [];
  for (const [op, lines] of lineOps(a.rows.map((r) => `${r}\n`).join(''), b.rows.map((r) => `${r}\n`).join(''))) {
    if (op === DiffMatchPatch.DIFF_DELETE) removed.push(...lines.map((l) => l.split('\t')));
    else if (op === DiffMatchPatch.DIFF_INSERT) added.push(...lines.map((l) => l.split('\t')));
    else {
      settleBlock(removed, added, rows);
      removed = [];
      added = [];
    }
  }
  settleBlock(removed, added, rows);
  const count = (k: RowChange['kind']): number => rows.filter((r) => r.kind === k).length;
  const columns = b.header.length > 0 ? b.header : a.header;
  return {
    columns,
    columnsChanged: a.header.join('\t') !== b.header.join('\t'),
    rows,
    counts: { added: count('added'), removed: count('removed'), changed: count('changed') },
  };
}

/** The results of two runs, message by message (by position); two tables compare as tables, anything else as text. */
export function compareResults(before: readonly ResultMessage[], after: readonly ResultMessage[]): MessageDiff[] {
  const out: MessageDiff[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const x = before[index];
    const y = after[index];
    if (x?.type === 'TABLE' && y?.type === 'TABLE') out.push({ kind: 'table', index, diff: tableDiff(x.data, y.data) });
    else out.push({ kind: 'text', index, type: y?.type ?? x?.type ?? 'TEXT', lines: lineDiff(x?.data ?? '', y?.data ?? '') });
  }
  return out;
}
