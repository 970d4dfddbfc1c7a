/**
 * The JSON encoding of a large result message's text, built piece by piece while the text arrives, so that the frame
 * carrying the whole text (the run's final PARAGRAPH) is not encoded in one go after the last row. Encoding 6 MB of
 * `%jdbc` table text at once (a tab or line feed to escape every few characters, then the copy into bytes) held the
 * event loop for some 30 ms between the database's last row and the frame leaving; piece by piece, that work is done
 * while the server waits for the next rows.
 *
 * Notes:
 * - Only text appended to a message (TEXT, TABLE) is prepared, once the message is large (PREPARE_FROM characters):
 *   small results are encoded as before.
 * - The encoding of a string is the encodings of its pieces joined, except where a piece ends between the two halves
 *   of a surrogate pair (each half alone is written as an escape): appended text waits until it no longer ends so,
 *   and a message whose first piece does is not prepared.
 * - Appended text is encoded PIECE characters at a time, so output written a line at a time is not a Buffer a line.
 * - What was prepared is used only for the very string it was prepared for (`preparedFor` compares them), so a
 *   message changed by anything else is simply encoded as before.
 * - The pieces are dropped with `dropPrepared` once the frame is out: a message's text is not kept twice.
 */

/** Characters a message's text reaches before its encoding is prepared. */
export const PREPARE_FROM = 256 * 1024;

/** Characters of appended text encoded together. */
const PIECE = 32 * 1024;

interface Prepared {
  /** UTF-8 bytes of the JSON encoding of `source`, less `waiting`, without the surrounding quotes, in order. */
  parts: Buffer[];
  /** Text appended since the last piece was encoded. */
  waiting: string;
  /** The string the parts and `waiting` make. */
  source: string;
  broken: boolean;
}

const prepared = new WeakMap<object, Prepared>();

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

function encodePiece(p: Prepared, text: string): void {
  if (text === '' || p.broken) return;
  if (isLowSurrogate(text.charCodeAt(0)) || isHighSurrogate(text.charCodeAt(text.length - 1))) {
    p.broken = true;
    p.parts = [];
    return;
  }
  const json = JSON.stringify(text);
  p.parts.push(Buffer.from(json.slice(1, -1)));
}

/** `text` was just appended to `holder.data`: its encoding is added (or, as the message grows large, the whole's). */
export function prepareAppended(holder: { data: string }, text: string): void {
  let p = prepared.get(holder);
  if (!p) {
    if (holder.data.length < PREPARE_FROM) return;
    p = { parts: [], waiting: '', source: '', broken: false };
    prepared.set(holder, p);
    encodePiece(p, holder.data);
  } else {
    p.waiting += text;
    // A piece never ends between the halves of a surrogate pair (each half alone would be written as an escape).
    if (p.waiting.length >= PIECE && !isHighSurrogate(p.waiting.charCodeAt(p.waiting.length - 1))) {
      encodePiece(p, p.waiting);
      p.waiting = '';
    }
  }
  p.source = holder.data;
}

/** The prepared encoding of `value`, the `data` of `holder`, when there is one for exactly that string. */
export function preparedFor(holder: object, value: string): readonly Buffer[] | undefined {
  const p = prepared.get(holder);
  // The same string object in the common case, so the comparison is a pointer's.
  if (!p || p.broken || p.source !== value) return undefined;
  encodePiece(p, p.waiting);
  p.waiting = '';
  return p.broken ? undefined : p.parts;
}

export function dropPrepared(holder: object): void {
  prepared.delete(holder);
}
