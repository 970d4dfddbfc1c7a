/**
 * The resource pool's tables inside DuckDB. Before a `%sql` run, every pool table the script names is loaded into
 * a temporary table of that name (searched before the database's own tables; the full name, `memory.main.<name>`
 * for an in-memory database, still reaches one of the same name), and reloaded only when the pool holds a newer
 * version. `saveResult` writes a query's rows to a
 * pool table for `%sql(saveAs=…)`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BIGINT, BOOLEAN, DOUBLE, DuckDBDataChunk, DuckDBTimestampTZValue, DuckDBTimestampValue, DuckDBTypeId, FLOAT, INTEGER, SMALLINT,
  TIMESTAMP, TIMESTAMPTZ, TINYINT, UBIGINT, UINTEGER, USMALLINT, UTINYINT, VARCHAR,
  type DuckDBConnection, type DuckDBResult, type DuckDBType, type DuckDBValue,
} from '@duckdb/node-api';
import { NUMERIC, nullMask, numericColumn, readManifest, stringColumn, writeNpy, type ColumnSpec, type ColumnType, type Manifest } from './columnar';
import type { PoolApi, PoolEntry } from './resourcePool';

const DUCK: Record<ColumnType, { sql: string; type: DuckDBType }> = {
  float64: { sql: 'DOUBLE', type: DOUBLE }, float32: { sql: 'FLOAT', type: FLOAT },
  int64: { sql: 'BIGINT', type: BIGINT }, int32: { sql: 'INTEGER', type: INTEGER }, int16: { sql: 'SMALLINT', type: SMALLINT },
  int8: { sql: 'TINYINT', type: TINYINT }, uint64: { sql: 'UBIGINT', type: UBIGINT }, uint32: { sql: 'UINTEGER', type: UINTEGER },
  uint16: { sql: 'USMALLINT', type: USMALLINT }, uint8: { sql: 'UTINYINT', type: UTINYINT }, bool: { sql: 'BOOLEAN', type: BOOLEAN },
  timestamp_us: { sql: 'TIMESTAMP', type: TIMESTAMP }, timestamptz_us: { sql: 'TIMESTAMPTZ', type: TIMESTAMPTZ },
  string: { sql: 'VARCHAR', type: VARCHAR },
};

const CHUNK = 2048;
const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Row `i` of a column as the value DuckDB's vector takes. */
function columnReader(dir: string, spec: ColumnSpec, rows: number): (i: number) => DuckDBValue {
  if (spec.type === 'string') return stringColumn(dir, spec, rows);
  const values = numericColumn(dir, spec.data, spec.type, rows);
  switch (spec.type) {
    case 'bool': return (i) => values[i] !== 0;
    case 'timestamp_us': return (i) => new DuckDBTimestampValue(values[i] as bigint);
    case 'timestamptz_us': return (i) => new DuckDBTimestampTZValue(values[i] as bigint);
    default: return (i) => values[i];
  }
}

/** Names made unique, as a table's columns must be (`x`, `x_1`, …). */
function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let out = n || 'column';
    for (let k = 1; seen.has(out.toLowerCase()); k++) out = `${n}_${k}`;
    seen.add(out.toLowerCase());
    return out;
  });
}

async function loadTable(conn: DuckDBConnection, name: string, dir: string): Promise<void> {
  const m: Manifest = readManifest(dir);
  const names = uniqueNames(m.columns.map((c) => c.name));
  const cols = m.columns.map((c, i) => `${quoteIdent(names[i])} ${DUCK[c.type].sql}`).join(', ');
  // Every file is read before the first await: a put meanwhile may replace the table and remove its folder.
  const readers = m.columns.map((c) => ({ value: columnReader(dir, c, m.rows), nulls: nullMask(dir, c, m.rows) }));
  await conn.run(`CREATE OR REPLACE TEMP TABLE ${quoteIdent(name)} (${cols})`);
  const types = m.columns.map((c) => DUCK[c.type].type);
  const appender = await conn.createAppender(name, 'main', 'temp');
  try {
    for (let start = 0; start < m.rows; start += CHUNK) {
      const n = Math.min(CHUNK, m.rows - start);
      const chunk = DuckDBDataChunk.create(types, n);
      readers.forEach((r, c) => {
        const vector = chunk.getColumnVector(c);
        for (let i = 0; i < n; i++) vector.setItem(i, r.nulls?.[start + i] ? null : r.value(start + i));
        vector.flush();
      });
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

/** The pool's tables and their column names, for completion (a table whose folder is gone is left out). */
export function poolTableColumns(pool: PoolApi | undefined): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const e of pool?.tables() ?? []) {
    if (e.resource.kind !== 'table') continue;
    try {
      out.push([e.name, readManifest(e.resource.dir).columns.map((c) => c.name)]);
    } catch {
      continue;
    }
  }
  return out;
}

/** Keeps one DuckDB connection's temporary tables equal to the pool's tables that its scripts name. */
export class PoolTables {
  private readonly loaded = new Map<string, number>();

  async sync(conn: DuckDBConnection, pool: PoolApi, script: string): Promise<void> {
    const tables = new Map(pool.tables().map((e) => [e.name, e] as const));
    for (const name of [...this.loaded.keys()]) {
      if (tables.has(name)) continue;
      this.loaded.delete(name);
      await conn.run(`DROP TABLE IF EXISTS temp.main.${quoteIdent(name)}`);
    }
    const text = script.toLowerCase();
    for (const entry of tables.values()) {
      if (!text.includes(entry.name.toLowerCase()) || this.loaded.get(entry.name) === entry.version) continue;
      await this.load(conn, entry);
    }
  }

  private async load(conn: DuckDBConnection, entry: PoolEntry): Promise<void> {
    if (entry.resource.kind !== 'table') return;
    this.loaded.delete(entry.name);
    await loadTable(conn, entry.name, entry.resource.dir);
    this.loaded.set(entry.name, entry.version);
  }
}

/** A result column as it is written: its manifest type and how a DuckDB value becomes a stored one. */
function storedType(type: DuckDBType): { type: ColumnType; value: (v: DuckDBValue) => number | bigint | boolean | string } {
  const num = (t: ColumnType) => ({ type: t, value: (v: DuckDBValue) => v as number });
  switch (type.typeId) {
    case DuckDBTypeId.DOUBLE: case DuckDBTypeId.FLOAT: return num('float64');
    case DuckDBTypeId.DECIMAL: return { type: 'float64', value: (v) => Number(String(v)) };
    case DuckDBTypeId.TINYINT: case DuckDBTypeId.SMALLINT: case DuckDBTypeId.INTEGER: case DuckDBTypeId.UTINYINT: case DuckDBTypeId.USMALLINT:
      return num('int32');
    case DuckDBTypeId.BIGINT: return { type: 'int64', value: (v) => v as bigint };
    case DuckDBTypeId.UINTEGER: return { type: 'int64', value: (v) => BigInt(v as number) };
    case DuckDBTypeId.BOOLEAN: return { type: 'bool', value: (v) => v as boolean };
    case DuckDBTypeId.TIMESTAMP: return { type: 'timestamp_us', value: (v) => (v as DuckDBTimestampValue).micros };
    case DuckDBTypeId.TIMESTAMP_TZ: return { type: 'timestamptz_us', value: (v) => (v as DuckDBTimestampTZValue).micros };
    default: return { type: 'string', value: (v) => String(v) };
  }
}

/** What a null row holds in its column's file (its mask says it is null). */
function placeholder(type: ColumnType): number | bigint | boolean | string {
  if (type === 'string') return '';
  if (type === 'bool') return false;
  return NUMERIC[type].array === BigInt64Array ? 0n : 0;
}

/** Collects a result's columns chunk by chunk, then writes them as a pool table. */
class TableWriter {
  private readonly cols: { spec: ReturnType<typeof storedType>; values: (number | bigint | boolean | string)[]; nulls: boolean[] }[];
  rows = 0;

  constructor(private readonly names: string[], types: DuckDBType[]) {
    this.cols = types.map((t) => ({ spec: storedType(t), values: [], nulls: [] }));
  }

  add(chunk: DuckDBDataChunk): void {
    const n = chunk.rowCount;
    this.cols.forEach((col, c) => {
      const vector = chunk.getColumnVector(c);
      for (let i = 0; i < n; i++) {
        const v = vector.getItem(i);
        col.nulls.push(v === null);
        col.values.push(v === null ? placeholder(col.spec.type) : col.spec.value(v));
      }
    });
    this.rows += n;
  }

  write(root: string): string {
    const dir = mkdtempSync(join(root, 'table-'));
    try {
      const columns = this.cols.map((col, c) => this.writeColumn(dir, c, col));
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ rows: this.rows, columns } satisfies Manifest));
      return dir;
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
  }

  private writeColumn(dir: string, c: number, col: TableWriter['cols'][number]): ColumnSpec {
    const spec: ColumnSpec = { name: this.names[c], type: col.spec.type, data: `c${c}.npy` };
    if (col.nulls.some(Boolean)) {
      spec.nulls = `c${c}.nulls.npy`;
      writeNpy(join(dir, spec.nulls), '|b1', this.rows, Uint8Array.from(col.nulls, (b) => (b ? 1 : 0)));
    }
    if (col.spec.type === 'string') {
      const parts = (col.values as string[]).map((s) => Buffer.from(s, 'utf8'));
      const offsets = new BigInt64Array(this.rows + 1);
      parts.forEach((p, i) => { offsets[i + 1] = offsets[i] + BigInt(p.length); });
      spec.offsets = `c${c}.offsets.npy`;
      writeNpy(join(dir, spec.offsets), '<i8', this.rows + 1, new Uint8Array(offsets.buffer));
      const bytes = Buffer.concat(parts);
      writeNpy(join(dir, spec.data), '|u1', bytes.length, bytes);
      return spec;
    }
    const { descr, array } = NUMERIC[col.spec.type];
    const typed = col.spec.type === 'bool'
      ? Uint8Array.from(col.values as boolean[], (b) => (b ? 1 : 0))
      : (array as unknown as { from(v: unknown[]): ArrayBufferView }).from(col.values);
    writeNpy(join(dir, spec.data), descr, this.rows, new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength));
    return spec;
  }
}

/**
 * Reads every row of `result` into a pool table under `root`, calling `shown` with each chunk's rows until it
 * returns false (the paragraph's capped table). Returns the table's folder.
 */
export async function saveResult(result: DuckDBResult, root: string, shown: (rows: DuckDBValue[][]) => boolean): Promise<string> {
  const writer = new TableWriter(uniqueNames(result.columnNames()), result.columnTypes());
  let showing = true;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    if (showing) showing = shown(chunk.getRows());
    writer.add(chunk);
  }
  return writer.write(root);
}
