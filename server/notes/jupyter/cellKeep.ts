/**
 * What a paragraph keeps of the notebook cell it came from, in `paragraph.config.jupyter` (Zeppelin keeps unknown
 * config keys), so that an export gives the same cell back: its id, metadata (tags), attachments, execution count,
 * and per result message the output's kind and the MIME data the message does not show.
 */
import type { JsonObject, JsonValue } from '../../../protocol';

export interface OutputKeep {
  output_type: string;
  /** stream: stdout or stderr. */
  name?: string;
  execution_count?: number | null;
  /** The MIME type the message shows (execute_result / display_data). */
  mime?: string;
  /** The bundle's other MIME data, and the shown type's own value when the message is a rendering of it. */
  data?: JsonObject;
  metadata?: JsonObject;
  ename?: string;
  evalue?: string;
  /** error: the traceback lines, when joining them with newlines would not give them back. */
  traceback?: string[];
}

export interface CellKeep {
  id?: string;
  cell_type?: string;
  metadata?: JsonObject;
  attachments?: JsonObject;
  execution_count?: number | null;
  /** Parallel to the paragraph's result messages. */
  outputs?: OutputKeep[];
}

export const joinSource = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('') : typeof v === 'string' ? v : '');

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Drops undefined fields, which JSON cannot hold. */
export function compact<T extends object>(o: T): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v as JsonValue;
  return out;
}
