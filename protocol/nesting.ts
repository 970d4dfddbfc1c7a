/**
 * How deep JSON may nest inside a client frame's `data` or a REST request body (docs/protocol.md 1.7). A paragraph's
 * `config` nested thousands of levels deep once made every later save of its note fail, so anything deeper is
 * refused when the frame or body is decoded, before it can reach a note.
 */
export const MAX_NESTING = 64;

/** True when `value` holds objects or arrays more than `levels` deep (the value itself counts as the first level). */
function nestsDeeper(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) if (nestsDeeper(child, levels - 1)) return true;
  return false;
}

/** The first field of `record` whose value nests more than `limit` levels deep, if any. */
export function tooDeepField(record: Record<string, unknown>, limit = MAX_NESTING): string | undefined {
  for (const [key, value] of Object.entries(record)) if (nestsDeeper(value, limit)) return key;
  return undefined;
}

/** The problem text shared by the websocket and REST refusals. */
export const tooDeepMessage = (field: string, limit = MAX_NESTING): string => `${field} is nested more than ${limit} levels deep`;
