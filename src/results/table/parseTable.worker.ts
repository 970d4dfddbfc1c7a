/**
 * Parses table results off the page's thread, so that a million-cell result never freezes the page. Answers each
 * `{ id, text }` with `{ id, parts }`, the parts' arrays transferred rather than copied.
 */
import { parseTableParts, partsTransfer } from './parseTable';

self.onmessage = (e: MessageEvent<{ id: number; text: string }>) => {
  const { id, text } = e.data;
  try {
    const parts = parseTableParts(text);
    self.postMessage({ id, parts }, { transfer: partsTransfer(parts) });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
};
