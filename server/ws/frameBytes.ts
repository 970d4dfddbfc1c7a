/**
 * A broadcast frame as the bytes every member's socket gets. A PARAGRAPH whose result messages have their JSON
 * encoding prepared (util/preparedJson.ts, a large result's text encoded while it arrived) is put together from those
 * pieces instead of encoding the text again: the bytes are the same as encodeServerFrame's.
 */
import { randomBytes } from 'node:crypto';
import { encodeServerFrame, type ReceiveMap, type ReceiveOp, type ResultMessage } from '../../protocol';
import { preparedFor } from '../util/preparedJson';

/** Stands for a prepared text while the rest of the frame is encoded; random, so no note's text can hold it. */
const MARK = `zpl-prepared-${randomBytes(16).toString('hex')}-`;

function paragraphFrame(data: ReceiveMap['PARAGRAPH'], msgId: string | undefined): Buffer | undefined {
  const p = data.paragraph;
  const messages = p.results?.msg;
  if (!p.results || !messages) return undefined;
  const texts: (readonly Buffer[])[] = [];
  const marked = messages.map((m): ResultMessage => {
    const parts = preparedFor(m, m.data);
    if (!parts) return m;
    texts.push(parts);
    return { ...m, data: `${MARK}${texts.length - 1}` };
  });
  if (texts.length === 0) return undefined;
  const json = encodeServerFrame('PARAGRAPH', { ...data, paragraph: { ...p, results: { ...p.results, msg: marked } } }, msgId);
  const out: Buffer[] = [];
  let at = 0;
  for (const [i, parts] of texts.entries()) {
    const mark = json.indexOf(`"${MARK}${i}"`, at);
    if (mark < 0) return undefined;
    // The quotes stay; the mark between them is replaced by the prepared text.
    out.push(Buffer.from(json.slice(at, mark + 1)));
    for (const part of parts) out.push(part);
    at = mark + 1 + MARK.length + String(i).length;
  }
  out.push(Buffer.from(json.slice(at)));
  return Buffer.concat(out);
}

export function encodeFrameBytes<K extends ReceiveOp>(op: K, data: ReceiveMap[K], msgId?: string): Buffer {
  const prepared = op === 'PARAGRAPH' ? paragraphFrame(data as ReceiveMap['PARAGRAPH'], msgId) : undefined;
  return prepared ?? Buffer.from(encodeServerFrame(op, data, msgId));
}
