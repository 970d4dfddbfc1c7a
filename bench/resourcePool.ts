/**
 * Resource pool benchmark: `npx tsx bench/resourcePool.ts`. Loopback only, bounded; prints one JSON object.
 *
 * A 1,000,000-row, 4-column pandas DataFrame (int64 id, string region, float64 amount, int32 units) is made in a
 * `%python` paragraph. Measured: from sending RUN_PARAGRAPH of `z.put("sales", df)` until the FINISHED frame of
 * `%sql SELECT region, sum(amount), sum(units) FROM sales GROUP BY region`, both paragraphs' whole round trips
 * (the table written as .npy columns, loaded into DuckDB, queried). Baseline, same run, same Python process:
 * `df.to_csv(path, index=False)`, timed inside Python. Rounds alternate (BENCH_REPS, default 3); medians are
 * compared. Goal: the ratio at most 3. Skipped, with the reason, when the Python lacks pandas.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../server/interpreters/settings';
import { Client, startTestServer, tempDir } from '../test/server/helpers/harness';
import { addParagraph, newNote, run, textOf } from '../test/server/helpers/exec';

const ROWS = 1_000_000;
const ROUNDS = Number(process.env.BENCH_REPS || 3);
const GOAL_RATIO = 3;
const PYTHON = process.env.ZEPPELIN_TEST_PYTHON || (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const TIMEOUT_MS = 120_000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (n: number): number => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const probe = spawnSync(PYTHON, ['-c', 'import pandas'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log(JSON.stringify({ bench: 'resourcePool', skipped: `${PYTHON} cannot import pandas (sudo apt-get install -y python3-pandas)` }));
    return;
  }
  const confDir = join(tempDir('zpl-bench-pool-'), 'conf');
  mkdirSync(confDir, { recursive: true });
  const settings = builtinInterpreterSettings();
  const python = settings.find((s) => s.name === 'python');
  if (python) python.properties['zeppelin.python'].value = PYTHON;
  writeInterpreterSettings(confDir, settings);
  const server = await startTestServer({ confDir });
  const client = await Client.open(server.wsUrl, server.origin);
  try {
    const { pid: py } = await newNote(client, '/bench pool', 'python');
    const sql = await addParagraph(client, 1);
    const must = async (pid: string, text: string): Promise<string> => {
      const r = await run(client, pid, text, { timeoutMs: TIMEOUT_MS });
      if (r.final.status !== 'FINISHED') throw new Error(`${text.split('\n')[0]} ended ${r.final.status}: ${textOf(r.final).slice(0, 800)}`);
      return textOf(r.final);
    };
    const csv = join(server.dir, 'sales.csv');
    await must(py, '%python\nimport time\nimport numpy as np\nimport pandas as pd\nrng = np.random.default_rng(7)\n'
      + `n = ${ROWS}\nregions = np.array(["north", "south", "east", "west", "centre", "islands"], dtype=object)\n`
      + 'df = pd.DataFrame({"id": np.arange(n, dtype="int64"), "region": regions[rng.integers(0, len(regions), n)],\n'
      + '    "amount": rng.random(n) * 100, "units": rng.integers(1, 50, n).astype("int32")})');
    const putMs: number[] = [];
    const putOnlyMs: number[] = [];
    const csvMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await must(py, '%python\nz.put("sales", df)');
      putOnlyMs.push(performance.now() - t0);
      const result = await must(sql, '%sql\nSELECT region, sum(amount) AS amount, sum(units) AS units, count(*) AS n FROM sales GROUP BY region ORDER BY region');
      putMs.push(performance.now() - t0);
      if (!result.includes('north') || result.trim().split('\n').length !== 7) throw new Error(`unexpected result: ${result}`);
      const printed = await must(py, `%python\nt0 = time.perf_counter()\ndf.to_csv(${JSON.stringify(csv)}, index=False)\nprint((time.perf_counter() - t0) * 1000)`);
      csvMs.push(Number(printed.trim()));
    }
    const ms = median(putMs);
    const baseMs = median(csvMs);
    console.log(JSON.stringify({
      bench: 'resourcePool', rows: ROWS, columns: 4, rounds: ROUNDS, python: PYTHON,
      putToQueryMs: round1(ms), pandasToCsvMs: round1(baseMs),
      ratio: round1(ms / baseMs), goalRatio: GOAL_RATIO, met: ms / baseMs <= GOAL_RATIO,
      // The part of the figure spent in the %python paragraph (writing the columns); the rest is the %sql paragraph.
      putParagraphMs: round1(median(putOnlyMs)),
      samples: { putToQueryMs: putMs.map(round1), pandasToCsvMs: csvMs.map(round1) },
    }, null, 2));
  } finally {
    await client.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
