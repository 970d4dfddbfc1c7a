/** A TABLE result as columns (`{name, index, aggr}`), rows of strings and the comment under the table. */

export interface Column {
  name: string;
  index: number;
  aggr: string;
}

const COMMENT_MARK = '<!--TABLE_COMMENT-->';

export default class TableData {
  columns: Column[];
  rows: string[][];
  comment: string;

  constructor(columns?: Column[], rows?: string[][], comment?: string) {
    this.columns = columns ?? [];
    this.rows = rows ?? [];
    this.comment = comment ?? '';
  }

  /** Reads a paragraph result `{type: 'TABLE', msg}`: a header line, tab-separated rows, then an optional comment. */
  loadParagraphResult(result: { type?: string; msg?: string } | undefined): void {
    if (!result || result.type !== 'TABLE') return;
    const lines = (result.msg ?? '').split('\n');
    const columns: Column[] = [];
    const rows: string[][] = [];
    let comment = '';
    let inComment = false;
    lines.forEach((line, i) => {
      if (inComment) {
        comment += line;
        return;
      }
      if (line === '' || line === COMMENT_MARK) {
        // A blank line after the rows starts the comment; before any row it is skipped.
        if (rows.length > 0) inComment = true;
        return;
      }
      const cells = line.split('\t');
      if (i === 0) cells.forEach((name, index) => columns.push({ name, index, aggr: 'sum' }));
      else rows.push(cells);
    });
    this.columns = columns;
    this.rows = rows;
    this.comment = comment;
  }
}
