/** @jest-environment node */
/**
 * A server start loads no interpreter's heavy dependencies: DuckDB and the database drivers are loaded by the first
 * run that needs them (server/interpreters/registry.ts), and the markdown renderer by the first %md run or Jupyter
 * import (server/notes/jupyter/summary.ts), so every start, and every test that starts a server, skips them.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const HEAVY = ['@duckdb/node-api', 'pg', 'pg-cursor', 'mysql2', 'markdown-it'];

test('loading the server loads neither DuckDB, the database drivers nor the markdown renderer', () => {
  const probe = `require(${JSON.stringify(join(__dirname, '..', '..', 'server', 'app'))});
const loaded = Object.keys(require.cache);
console.log(JSON.stringify(${JSON.stringify(HEAVY)}.filter((p) => loaded.some((f) => f.includes('/node_modules/' + p + '/')))));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', probe], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout.trim().split('\n').pop() ?? 'null')).toEqual([]);
});
