/**
 * How a table travels between interpreters: a folder with `manifest.json` and one NumPy `.npy` file per column
 * (strings as UTF-8 bytes plus int64 offsets, nulls as a bool mask). numpy writes and reads these at memory speed
 * (np.save / np.load), and here a numeric column is a typed array over the file's bytes. Arrow IPC and Parquet were
 * the first choices, but Debian has no pyarrow (pandas needs it or fastparquet for both) and DuckDB's node package
 * has no Arrow import; `.npy` needs only python3-numpy, which python3-pandas brings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NUMERIC = {
  float64: { descr: '<f8', array: Float64Array },
  float32: { descr: '<f4', array: Float32Array },
  int64: { descr: '<i8', array: BigInt64Array },
  int32: { descr: '<i4', array: Int32Array },
  int16: { descr: '<i2', array: Int16Array },
  int8: { descr: '|i1', array: Int8Array },
  uint64: { descr: '<u8', array: BigUint64Array },
  uint32: { descr: '<u4', array: Uint32Array },
  uint16: { descr: '<u2', array: Uint16Array },
  uint8: { descr: '|u1', array: Uint8Array },
  bool: { descr: '|b1', array: Uint8Array },
  /** Microseconds since the epoch, as DuckDB's TIMESTAMP keeps them; `timestamptz_us` is the same in UTC. */
  timestamp_us: { descr: '<i8', array: BigInt64Array },
  timestamptz_us: { descr: '<i8', array: BigInt64Array },
} as const;

export type NumericType = keyof typeof NUMERIC;
export type ColumnType = NumericType | 'string';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** File names inside the table's folder. */
  data: string;
  offsets?: string;
  nulls?: string;
}

export interface Manifest {
  rows: number;
  columns: ColumnSpec[];
}

const SAFE_FILE = /^[\w.-]+$/;

export function readManifest(dir: string): Manifest {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (!Number.isInteger(m.rows) || m.rows < 0 || !Array.isArray(m.columns)) throw new Error('bad table manifest');
  for (const c of m.columns) {
    const files = [c.data, c.offsets, c.nulls].filter((f): f is string => f !== undefined);
    if (typeof c.name !== 'string' || !(c.type === 'string' || c.type in NUMERIC) || !files.every((f) => SAFE_FILE.test(f))) {
      throw new Error(`bad column in table manifest: ${JSON.stringify(c)}`);
    }
  }
  return m;
}

/** A `.npy` file's one-dimensional data: its dtype string and the bytes after the header. */
export function readNpy(file: string): { descr: string; length: number; bytes: Buffer } {
  const buf = readFileSync(file);
  if (buf.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${file} is not a .npy file`);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = buf.toString('latin1', major === 1 ? 10 : 12, start);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const shape = /'shape':\s*\((\d+),?\)/.exec(header)?.[1];
  if (!descr || shape === undefined || /'fortran_order':\s*True/.test(header)) throw new Error(`${file}: only one-dimensional arrays are read`);
  return { descr, length: Number(shape), bytes: buf.subarray(start) };
}

type Typed = Float64Array | Float32Array | BigInt64Array | Int32Array | Int16Array | Int8Array | BigUint64Array | Uint32Array | Uint16Array | Uint8Array;

/** The column's values as a typed array over the file (copied only when the data is not aligned). */
export function numericColumn(dir: string, file: string, type: NumericType, rows: number): Typed {
  const { descr, length, bytes } = readNpy(join(dir, file));
  const { descr: want, array } = NUMERIC[type];
  if (descr !== want || length !== rows) throw new Error(`${file}: expected ${rows} values of ${want}, found ${length} of ${descr}`);
  const aligned = bytes.byteOffset % array.BYTES_PER_ELEMENT === 0 ? bytes : Buffer.from(bytes);
  return new array(aligned.buffer as ArrayBuffer, aligned.byteOffset, rows);
}

/** A string column: decodes row `i` on demand. */
export function stringColumn(dir: string, spec: ColumnSpec, rows: number): (i: number) => string {
  const offsets = numericColumn(dir, spec.offsets ?? '', 'int64', rows + 1) as BigInt64Array;
  const { bytes } = readNpy(join(dir, spec.data));
  const at = Array.from(offsets, Number);
  return (i) => bytes.toString('utf8', at[i], at[i + 1]);
}

export function nullMask(dir: string, spec: ColumnSpec, rows: number): Uint8Array | undefined {
  return spec.nulls ? numericColumn(dir, spec.nulls, 'bool', rows) as Uint8Array : undefined;
}

/** Writes a one-dimensional `.npy` (format 1.0, header padded to 64 bytes as numpy does). */
export function writeNpy(file: string, descr: string, length: number, data: Uint8Array): void {
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${length},), }`;
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = `${header.padEnd(total - 10 - 1)}\n`;
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  writeFileSync(file, Buffer.concat([head, Buffer.from(header, 'latin1'), data]));
}
