/**
 * Paragraph text → interpreter magic, local properties and script (PROTOCOL 5.3).
 *
 * Notes:
 * - The script keeps everything after the magic (or its `(...)` block) except leading space characters; a
 *   newline right after the magic stays, which is what makes `%md\n` non-empty while `%md` is empty.
 * - A remainder made only of spaces is left unstripped, the quirk Zeppelin has, so `%md   ` still runs.
 */

export interface ParsedText {
  /** `group.name`, `name`, or '' when the text has no magic. */
  magic: string;
  localProperties: Record<string, string>;
  script: string;
  /** Offset of the script inside the original text (for rebasing an editor cursor). */
  scriptOffset: number;
}

const NAME_RE = /^\s*%([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)/;

/** Reads `(k=v, k2="v, 2", flag)` starting at `open` (the index of `(`); undefined if it never closes. */
function readProperties(text: string, open: number): { props: Record<string, string>; end: number } | undefined {
  const props: Record<string, string> = {};
  let key = '';
  let value = '';
  let inValue = false;
  let wasQuoted = false;
  const commit = (): void => {
    const k = key.trim();
    if (k !== '') props[k] = inValue ? (wasQuoted ? value : value.trim()) : k;
    key = '';
    value = '';
    inValue = false;
    wasQuoted = false;
  };
  const unescape = (n: string): string => (n === 'n' ? '\n' : n === 't' ? '\t' : n);
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && inValue && value.trim() === '' && !wasQuoted) {
      // A quoted value runs to the next unescaped quote; commas and parentheses inside it are literal.
      value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length) value += unescape(text[++j]);
        else value += text[j];
      }
      if (j >= text.length) return undefined;
      wasQuoted = true;
      i = j;
      continue;
    }
    if (c === ')') {
      commit();
      return { props, end: i + 1 };
    }
    if (c === ',') {
      commit();
      continue;
    }
    if (c === '=' && !inValue) {
      inValue = true;
      continue;
    }
    if (wasQuoted) continue;
    const ch = c === '\\' && i + 1 < text.length ? unescape(text[++i]) : c;
    if (inValue) value += ch;
    else key += ch;
  }
  return undefined;
}

/** Leading space characters only; a remainder of nothing but spaces stays as it is (see the notes above). */
function stripLeadingSpaces(rest: string): string {
  let i = 0;
  while (i < rest.length && rest[i] === ' ') i++;
  return i === rest.length ? rest : rest.slice(i);
}

export function parseParagraphText(text: string | undefined): ParsedText {
  const source = text ?? '';
  const m = NAME_RE.exec(source);
  if (!m) return { magic: '', localProperties: {}, script: source, scriptOffset: 0 };
  let end = m[0].length;
  let localProperties: Record<string, string> = {};
  if (source[end] === '(') {
    const read = readProperties(source, end);
    if (read) {
      localProperties = read.props;
      end = read.end;
    }
  }
  const rest = source.slice(end);
  const script = stripLeadingSpaces(rest);
  return { magic: m[1], localProperties, script, scriptOffset: end + (rest.length - script.length) };
}

export function magicOf(text: string | undefined): string | undefined {
  const magic = parseParagraphText(text).magic;
  return magic === '' ? undefined : magic;
}
