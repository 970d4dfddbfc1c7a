/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, startTestServer, type TestServer } from './helpers/harness';
import { isStatus, newNote, run, startRun, textOf, waitFinal } from './helpers/exec';

// Real processes on a loaded CI machine (the whole suite runs in parallel on 2 cores) need more than 5 s at times.
jest.setTimeout(30000);

describe('%sql / %duckdb (DuckDB) and %js (worker thread)', () => {
  let server: TestServer;
  let a: Client;
  let pid: string;

  beforeAll(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    ({ pid } = await newNote(a, '/sqljs', 'sql'));
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  test('a query is a %table in TSV; tables persist across paragraphs; %duckdb shares the database', async () => {
    const created = await run(a, pid, "%sql\nCREATE TABLE t AS SELECT range AS n, 'v' || range AS label FROM range(3);\nINSERT INTO t VALUES (10, 'ten' || chr(9) || 'x');");
    expect(created.final.status).toBe('FINISHED');
    expect(textOf(created.final)).toContain('Affected rows : 1');
    const q = await run(a, pid, '%duckdb\nSELECT n, label, NULL AS nothing FROM t ORDER BY n');
    expect(q.final.results?.msg).toEqual([{ type: 'TABLE', data: 'n\tlabel\tnothing\n0\tv0\tnull\n1\tv1\tnull\n2\tv2\tnull\n10\tten x\tnull\n' }]);
    const viaDefault = await run(a, pid, 'SELECT count(*) AS c FROM t');
    expect(textOf(viaDefault.final)).toBe('c\n4\n');
  });

  test('CSV and JSON files are read by path', async () => {
    const csv = join(server.dir, 'data.csv');
    writeFileSync(csv, 'city,pop\nParis,2\nRome,3\n');
    const json = join(server.dir, 'data.json');
    writeFileSync(json, '[{"k":"a","v":1},{"k":"b","v":2}]');
    const r = await run(a, pid, `%sql\nSELECT city, pop FROM '${csv}' ORDER BY pop DESC`);
    expect(textOf(r.final)).toBe('city\tpop\nRome\t3\nParis\t2\n');
    const j = await run(a, pid, `%sql\nSELECT sum(v) AS s FROM read_json('${json}')`);
    expect(textOf(j.final)).toBe('s\n3\n');
  });

  test('max rows: the table is cut with a truncation note', async () => {
    const r = await run(a, pid, '%sql\nSELECT * FROM range(1500)');
    const msgs = r.final.results?.msg ?? [];
    expect(msgs[0].data.split('\n').filter((l) => l !== '')).toHaveLength(1001);
    expect(msgs[1].type).toBe('HTML');
    expect(msgs[1].data).toContain('truncated</strong> to 1000 rows');
  });

  test('a syntax error is ERROR with DuckDB\'s message; forms are substituted', async () => {
    const bad = await run(a, pid, '%sql\nSELEC 1');
    expect(bad.final.status).toBe('ERROR');
    expect(textOf(bad.final)).toMatch(/Parser Error: syntax error at or near "SELEC"/);
    const form = await run(a, pid, "%sql\nSELECT '${greeting=hello}' AS g", { params: { greeting: 'bonjour' } });
    expect(textOf(form.final)).toBe('g\nbonjour\n');
    expect(form.final.settings?.forms?.greeting).toMatchObject({ type: 'TextBox' });
  });

  test('cancel interrupts a long query (ABORT) and the database stays usable', async () => {
    const { from } = startRun(a, pid, '%sql\nSELECT count(*) FROM range(100000000000) a');
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    a.send('CANCEL_PARAGRAPH', { id: pid });
    expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
    expect(textOf((await run(a, pid, '%sql\nSELECT count(*) AS c FROM t')).final)).toBe('c\n4\n');
  });

  test('completion offers keywords, tables and columns', async () => {
    const list = await a.request('COMPLETION', { id: pid, buf: '%sql\nSELECT la', cursor: 14 }, 'COMPLETION_LIST');
    expect(list.data.completions).toContainEqual({ name: 'label', value: 'label', meta: 'column' });
    const kw = await a.request('COMPLETION', { id: pid, buf: '%sql\nsel', cursor: 8 }, 'COMPLETION_LIST');
    expect(kw.data.completions.map((c) => c.name)).toContain('SELECT');
  });

  test('%js: console.log streams, the context persists, errors are ERROR, no access to the server process', async () => {
    const first = await run(a, pid, '%js\nvar counter = 40; const helper = (n) => n + 1; console.log("hi", { a: 1 })');
    expect(textOf(first.final)).toBe('hi { a: 1 }\n');
    expect(textOf((await run(a, pid, '%js\nhelper(counter + 1)')).final)).toBe('42\n');
    const err = await run(a, pid, '%js\nnull.x');
    expect(err.final.status).toBe('ERROR');
    expect(textOf(err.final)).toContain('TypeError');
    const sandbox = await run(a, pid, '%js\n[typeof process, typeof require, typeof globalThis.fetch].join(",")');
    expect(textOf(sandbox.final)).toBe("'undefined,undefined,undefined'\n");
    const awaited = await run(a, pid, '%js\nawait new Promise((r) => setTimeout(() => r(7), 10))');
    expect(awaited.final.status).toBe('ERROR');
    const promise = await run(a, pid, '%js\nnew Promise((r) => setTimeout(() => r(7), 10))');
    expect(textOf(promise.final)).toBe('7\n');
    const list = await a.request('COMPLETION', { id: pid, buf: '%js\ncoun', cursor: 8 }, 'COMPLETION_LIST');
    expect(list.data.completions.map((c) => c.name)).toContain('counter');
  });

  test('%js: a paragraph with let, const and class runs again without "already declared"; later runs still see them', async () => {
    const code = '%js\nlet total = 40; const step = 1; class Box { constructor(v) { this.v = v; } }\nnew Box(total + step * 2).v';
    for (let i = 0; i < 2; i++) {
      const again = await run(a, pid, code);
      expect({ i, status: again.final.status, text: textOf(again.final) }).toEqual({ i, status: 'FINISHED', text: '42\n' });
    }
    expect(textOf((await run(a, pid, '%js\n[total, step, typeof Box].join(" ")')).final)).toBe("'40 1 function'\n");
  });

  test('%js: cancel terminates an infinite loop (ABORT); the next run gets a fresh context', async () => {
    const { from } = startRun(a, pid, '%js\nwhile (true) {}');
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    a.send('CANCEL_PARAGRAPH', { id: pid });
    expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
    const fresh = await run(a, pid, '%js\ntypeof counter');
    expect(textOf(fresh.final)).toBe("'undefined'\n");
  });
});
