/** Identifier formats of PROTOCOL 5.1. */
import { randomInt } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Base-32 rendering of (epoch millis + a signed 32-bit random): 9 characters with today's clock. */
export function newNoteId(now: number = Date.now()): string {
  let n = now + randomInt(-0x80000000, 0x7fffffff);
  if (n <= 0) n = now;
  let out = '';
  while (n > 0) {
    out = ALPHABET[n % 32] + out;
    n = Math.floor(n / 32);
  }
  return out;
}

export function newParagraphId(now: number = Date.now()): string {
  return `paragraph_${now}_${randomInt(0, 0x7fffffff)}`;
}

export const NOTE_ID_RE = /^[123456789ABCDEFGHJKMNPQRSTUVWXYZ]{9}$/;
