/**
 * Splits a paragraph into statements the way Zeppelin's SqlSplitter does for its JDBC interpreter, plus what
 * PostgreSQL and MySQL need on top of it.
 *
 * - A `;` outside quotes and comments ends a statement; blank statements (and ones that were only comments) vanish.
 * - Comments are removed but their line breaks stay, and each statement is prefixed with the line breaks before it,
 *   so a database's "at line N" names the paragraph's line N. Optimizer hints (`/*+ … *\/`) and MySQL's executable
 *   comments (`/*! … *\/`) are SQL, not comments, and are kept.
 * - Strings: `'…'` and `"…"` (doubled quotes escape), MySQL's backquoted names and backslash escapes, PostgreSQL's
 *   `E'…'` escapes, dollar quoting (`$$ … $$`, `$fn$ … $fn$`) and nested block comments.
 * - Line comments: `--` (in MySQL only when followed by a space or a line end) and MySQL's `#`.
 */
export type Dialect = 'postgresql' | 'mysql';

const IDENT = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Index just past the quoted run starting at `start` (whose quote char is text[start]). */
function skipQuoted(text: string, start: number, backslash: boolean): number {
  const q = text[start];
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (backslash && c === '\\') i += 2;
    else if (c === q) {
      if (text[i + 1] === q) i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

/** Index just past a block comment starting at `start`; PostgreSQL's nest. */
function skipBlockComment(text: string, start: number, nests: boolean): number {
  let depth = 1;
  let i = start + 2;
  while (i < text.length && depth > 0) {
    if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
    } else if (nests && text.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else i++;
  }
  return i;
}

function lineCommentAt(text: string, i: number, dialect: Dialect): boolean {
  if (dialect === 'mysql' && text[i] === '#') return true;
  if (!text.startsWith('--', i)) return false;
  return dialect === 'postgresql' || i + 2 >= text.length || /\s/.test(text[i + 2]);
}

const newlinesIn = (s: string): string => s.replace(/[^\n]/g, '');

export function splitSql(text: string, dialect: Dialect): string[] {
  const out: string[] = [];
  let current = '';
  // Line breaks consumed so far, and those before the current statement began.
  let lines = 0;
  let startLines = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    let end = i + 1;
    let keep = true;
    if (c === "'") {
      const escapes = dialect === 'mysql' || (/[eE]/.test(text[i - 1] ?? '') && !IDENT.test(text[i - 2] ?? ''));
      end = skipQuoted(text, i, escapes);
    } else if (c === '"' || (c === '`' && dialect === 'mysql')) {
      end = skipQuoted(text, i, dialect === 'mysql' && c === '"');
    } else if (c === '$' && dialect === 'postgresql' && !IDENT.test(text[i - 1] ?? '')) {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 64))?.[0];
      if (tag) {
        const close = text.indexOf(tag, i + tag.length);
        end = close < 0 ? text.length : close + tag.length;
      }
    } else if (lineCommentAt(text, i, dialect)) {
      const nl = text.indexOf('\n', i);
      end = nl < 0 ? text.length : nl;
      keep = false;
    } else if (text.startsWith('/*', i) && text[i + 2] !== '+' && !(dialect === 'mysql' && text[i + 2] === '!')) {
      end = skipBlockComment(text, i, dialect === 'postgresql');
      keep = false;
    } else if (c === ';') {
      if (current.trim() !== '') out.push('\n'.repeat(startLines) + current);
      current = '';
      startLines = lines;
      i++;
      continue;
    }
    const piece = text.slice(i, end);
    const breaks = newlinesIn(piece);
    current += keep ? piece : breaks;
    lines += breaks.length;
    i = end;
  }
  if (current.trim() !== '') out.push('\n'.repeat(startLines) + current);
  return out;
}
