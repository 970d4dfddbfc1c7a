/**
 * Statement results as Zeppelin's JDBC interpreter prints them: each result set a TABLE (tab-separated, NULL as
 * `null`, tabs and line breaks inside values as spaces) written batch by batch while rows arrive, cut at
 * `common.max_count` rows with Zeppelin's notice; a statement without rows as "Query executed successfully.
 * Affected rows : N".
 *
 * The table is not streamed to clients row by row: Zeppelin's interpreters leave table append off, so a JDBC table
 * reaches the page once, whole (docs/protocol.md 5.5), instead of once in appends and again with the result.
 */
import { rowsLimitAlert } from '../../output';
import type { OutputSink } from '../../types';
import type { Cell, ResultConsumer } from './driver';

export const MAX_COUNT_PROPERTY = 'common.max_count';

const BREAKS = /[\t\n\r]/;
const BREAKS_ALL = /[\t\n\r]/g;
// Most values hold no tab or line break: testing first spares a replace (and a new string) per cell.
const clean = (v: Cell): string => (v === null ? 'null' : BREAKS.test(v) ? v.replace(BREAKS_ALL, ' ') : v);

/** Where the first `n` lines of `text` end. */
function lineEnd(text: string, n: number): number {
  let end = 0;
  for (let i = 0; i < n; i++) end = text.indexOf('\n', end) + 1;
  return end;
}

export class TableOutput implements ResultConsumer {
  private inTable = false;
  private rowCount = 0;

  constructor(
    private readonly out: OutputSink,
    private readonly maxRows: number,
  ) {}

  columns(names: string[]): void {
    this.end();
    this.out.begin('TABLE', false);
    this.out.append(`${names.map(clean).join('\t')}\n`);
    this.inTable = true;
    this.rowCount = 0;
  }

  rows(batch: Cell[][]): boolean {
    const room = Math.max(0, this.maxRows - this.rowCount);
    const shown = Math.min(room, batch.length);
    let text = '';
    for (let r = 0; r < shown; r++) {
      const row = batch[r];
      let line = clean(row[0] ?? null);
      for (let c = 1; c < row.length; c++) line += '\t' + clean(row[c]);
      text += line + '\n';
    }
    if (text !== '') this.out.append(text);
    this.rowCount += batch.length;
    // Past the row limit, or past the output limit: reading on would only fetch rows nobody sees.
    return this.rowCount <= this.maxRows && !this.out.truncated;
  }

  lines(text: string, count: number): boolean {
    const room = Math.max(0, this.maxRows - this.rowCount);
    const shown = count <= room ? text : text.slice(0, lineEnd(text, room));
    if (shown !== '') this.out.append(shown);
    this.rowCount += count;
    return this.rowCount <= this.maxRows && !this.out.truncated;
  }

  affected(count: number): void {
    this.end();
    this.out.message('TEXT', `Query executed successfully. Affected rows : ${count}\n`);
  }

  /** Closes the current table, adding the notice when rows were left out. */
  end(): void {
    // Complete: with more statements to come, clients get it now, as Zeppelin sends each statement's table.
    if (this.inTable) this.out.seal();
    if (this.inTable && this.rowCount > this.maxRows) this.out.message('HTML', rowsLimitAlert(this.maxRows, MAX_COUNT_PROPERTY));
    this.inTable = false;
  }
}
