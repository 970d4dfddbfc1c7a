/** @jest-environment node */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { addParagraph, newNote, run, textOf } from './helpers/exec';
import { TEST_PYTHON, testWithPython } from '../support/python';

// Real processes on a loaded CI machine (the whole suite runs in parallel on 2 cores) need more than 5 s at times.
jest.setTimeout(60000);

/** The resource pool (z.put / z.get / z.remove / z.getAsDataFrame) and %sql over it, over a real socket. */
describe('resource pool shared by %python and %sql', () => {
  let server: TestServer;
  let a: Client;
  let py: string;
  let sql: string;

  beforeAll(async () => {
    const confDir = join(tempDir('zpl-pool-'), 'conf');
    mkdirSync(confDir, { recursive: true });
    const settings = builtinInterpreterSettings();
    const python = settings.find((s) => s.name === 'python');
    if (!python) throw new Error('no python setting');
    python.properties['zeppelin.python'].value = TEST_PYTHON;
    // Per note: a note's Python process and its pool are its own; %sql stays shared (see the scope test).
    python.option.perNote = 'scoped';
    writeInterpreterSettings(confDir, settings);
    server = await startTestServer({ confDir });
    a = await Client.open(server.wsUrl, server.origin);
    ({ pid: py } = await newNote(a, '/pool', 'python'));
    sql = await addParagraph(a, 1);
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  testWithPython()('z.put / z.get / z.remove keep values as Zeppelin does; a missing name is None', async () => {
    const r = await run(a, py, '%python\nz.put("maxAge", 83)\nz.put("cfg", {"k": [1, "two", None]})\n'
      + 'print(z.get("maxAge") + 1, z.get("cfg"), z.get("nothing"))\nz.remove("maxAge")\nprint(z.get("maxAge"))');
    expect(r.final.status).toBe('FINISHED');
    expect(textOf(r.final)).toBe("84 {'k': [1, 'two', None]} None\nNone\n");
    // Values outlive the paragraph, as in Zeppelin's pool
    expect(textOf((await run(a, py, '%python\nprint(z.get("cfg")["k"][1])')).final)).toBe('two\n');
    const bad = await run(a, py, '%python\nz.put("f", lambda: 1)');
    expect(bad.final.status).toBe('ERROR');
    expect(textOf(bad.final)).toContain('TypeError: z.put takes a pandas DataFrame or a JSON value');
  });

  testWithPython(['pandas'])('a DataFrame put in %python is a table for %sql, with types and nulls', async () => {
    const put = await run(a, py, '%python\nimport pandas as pd\nimport numpy as np\n'
      + 'sales = pd.DataFrame({"region": ["north", "south", "north", None], "amount": [10.5, 2.0, np.nan, 4.0],\n'
      + '    "units": [1, 2, 3, 4], "ok": [True, False, True, True],\n'
      + '    "day": pd.to_datetime(["2024-01-02", "2024-01-03", None, "2024-01-05"])})\nz.put("sales", sales)');
    expect(put.final.status).toBe('FINISHED');
    // Completion offers the pool's tables and columns before any query loaded them
    const list = await a.request('COMPLETION', { id: sql, buf: '%sql\nSELECT reg FROM sal', cursor: 14 }, 'COMPLETION_LIST');
    expect(list.data.completions).toContainEqual({ name: 'region', value: 'region', meta: 'column' });
    const tables = await a.request('COMPLETION', { id: sql, buf: '%sql\nSELECT * FROM sal', cursor: 22 }, 'COMPLETION_LIST');
    expect(tables.data.completions).toContainEqual({ name: 'sales', value: 'sales', meta: 'table' });
    const q = await run(a, sql, '%sql\nSELECT region, sum(amount) AS total, sum(units) AS units, count(day) AS days FROM sales GROUP BY region ORDER BY region NULLS LAST');
    expect(q.final.status).toBe('FINISHED');
    expect(textOf(q.final)).toBe('region\ttotal\tunits\tdays\nnorth\t10.5\t4\t1\nsouth\t2\t2\t1\nnull\t4\t4\t1\n');
    const types = await run(a, sql, '%sql\nSELECT column_name, column_type FROM (DESCRIBE sales)');
    expect(textOf(types.final)).toBe('column_name\tcolumn_type\nregion\tVARCHAR\namount\tDOUBLE\nunits\tBIGINT\nok\tBOOLEAN\nday\tTIMESTAMP\n');
    // A pool table shadows a database table of its name; its full name (memory.main.<name>) still reaches the database table
    await run(a, sql, '%sql\nCREATE TABLE shadow AS SELECT 1 AS x');
    await run(a, py, '%python\nz.put("shadow", pd.DataFrame({"x": [1, 2, 3]}))');
    expect(textOf((await run(a, sql, '%sql\nSELECT (SELECT count(*) FROM shadow) AS pool, (SELECT count(*) FROM memory.main.shadow) AS db')).final)).toBe('pool\tdb\n3\t1\n');
    // A new put under the same name replaces the table the next query reads
    await run(a, py, '%python\nz.put("sales", sales.head(1))');
    expect(textOf((await run(a, sql, '%sql\nSELECT count(*) AS n FROM sales')).final)).toBe('n\n1\n');
    // and z.remove takes it away from %sql too
    await run(a, py, '%python\nz.remove("sales")');
    const gone = await run(a, sql, '%sql\nSELECT count(*) AS n FROM sales');
    expect(gone.final.status).toBe('ERROR');
    expect(textOf(gone.final)).toContain('sales');
    // An empty frame is an empty table with its columns
    await run(a, py, '%python\nz.put("empty", sales.head(0))');
    expect(textOf((await run(a, sql, '%sql\nSELECT count(*) AS n, count(region) AS r FROM empty')).final)).toBe('n\tr\n0\t0\n');
  });

  testWithPython(['pandas'])('%sql(saveAs=name) keeps the result: z.get gives its text as Zeppelin, getAsDataFrame every row', async () => {
    const saved = await run(a, sql, '%sql(saveAs=squares)\nSELECT range AS n, range * range AS sq, \'r\' || range AS label FROM range(1500)');
    expect(saved.final.status).toBe('FINISHED');
    // The paragraph still shows the capped table
    expect((saved.final.results?.msg ?? [])[0].data.split('\n').filter((l) => l !== '')).toHaveLength(1001);
    const back = await run(a, py, '%python\ndf = z.getAsDataFrame("squares")\nprint(len(df), list(df.columns), df["sq"].iloc[-1], df["label"].iloc[7], str(df["n"].dtype))\n'
      + 'text = z.get("squares")\nprint(text.splitlines()[0].split("\\t"), len(text.splitlines()))');
    expect(back.final.status).toBe('FINISHED');
    expect(textOf(back.final)).toBe("1500 ['n', 'sq', 'label'] 2247001 r7 int64\n['n', 'sq', 'label'] 1001\n");
    // a saved result is a table for %sql as well
    expect(textOf((await run(a, sql, '%sql\nSELECT max(sq) AS m FROM squares')).final)).toBe('m\n2247001\n');
    // getAsDataFrame of a TSV string put by hand parses it, as Zeppelin's does
    const tsv = await run(a, py, '%python\nz.put("t", "a\\tb\\n1\\tx\\n2\\ty\\n")\nprint(z.getAsDataFrame("t")["a"].sum())');
    expect(textOf(tsv.final)).toBe('3\n');
  });

  testWithPython()('saveAs on any other interpreter keeps its output text, as Zeppelin\'s interpreter server does', async () => {
    expect((await run(a, sql, '%sh(saveAs=greeting)\necho hi; echo there')).final.status).toBe('FINISHED');
    expect(textOf((await run(a, py, '%python\nprint(repr(z.get("greeting")))')).final)).toBe("'hi\\nthere\\n'\n");
  });

  testWithPython(['pandas'])('scope: a per-note Python pool is not seen from another note', async () => {
    await run(a, py, '%python\nimport pandas as pd\nz.put("mine", pd.DataFrame({"x": [1, 2]}))\nz.put("word", "here")');
    const other = await newNote(a, '/pool-other', 'python');
    const otherSql = await addParagraph(a, 1);
    expect(textOf((await run(a, other.pid, '%python\nprint(z.get("word"), z.get("mine"))')).final)).toBe('None None\n');
    const q = await run(a, otherSql, '%sql\nSELECT * FROM mine');
    expect(q.final.status).toBe('ERROR');
  });
});
