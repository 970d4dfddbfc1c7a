#!/usr/bin/env node
// `npm test`: the whole suite, using the machine's cores. The static checks (lint, type check) start at once and run
// beside the UI build and then beside one jest run over the unit, reducer, saga and server tests and the browser
// tests, in parallel workers; a failed check or build stops the run. In CI, the saga suite then runs ten more times in
// a row. Ends with every skipped test and why, and one "N passed, N failed, N skipped" line. What it leaves in the
// temp directory is removed when it ends. The checks keep their caches in node_modules/.cache, so a second run
// re-checks only what changed.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startStep, stopSteps } = require('./steps');
const { uiIsFresh } = require('./ui-inputs');

const root = path.resolve(__dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-test-'));
// jest's temp folder for the run (test/support/globalSetup.ts) goes under `out`, so removing `out` leaves nothing
// behind even when jest was stopped before its globalTeardown. The %jdbc tests' database servers run as their
// packages' OS users and must pass through it to their data dirs. (TMPDIR stays: jest keeps its cache there.)
fs.chmodSync(out, 0o711);
const skipLog = path.join(out, 'skipped.jsonl');
const children = new Set();

/** Set once the run is being stopped: no step starts after it, and only the stop ends the process. */
let stopping = false;

/** Stops the steps still running, waits until their processes are gone, removes the temp folder and exits. */
async function finish(code) {
  if (stopping) return;
  stopping = true;
  await stopSteps(children);
  fs.rmSync(out, { recursive: true, force: true });
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void finish(130));

/**
 * Runs a command; with `buffered`, its output is held back and printed whole when it ends, so steps running side
 * by side do not interleave their lines.
 */
function run(title, cmd, args, { buffered = false, env = {} } = {}) {
  const started = Date.now();
  // A step asked for while the run stops never starts (and never ends: the stop ends the process).
  if (stopping) return new Promise(() => undefined);
  if (!buffered) console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = startStep(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ZEPPELIN_TEST_TMP_ROOT: out, ZEPPELIN_SKIP_LOG: skipLog, ...env },
    });
    children.add(child);
    const chunks = [];
    if (buffered) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => chunks.push(d));
    child.on('close', (code) => {
      children.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        console.log(`\n=== ${title} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`--- ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * ESLint, the layer rules (dependency-cruiser), the dead-code check (knip) and the type check, side by side. The
 * first one to fail ends the whole run at once, whatever else is running.
 */
function staticChecks() {
  const stopOnFailure = (ok) => {
    if (ok) return;
    console.log('\nA static check failed: the run stops here.\n0 passed, 1 failed');
    finish(1);
  };
  return Promise.all([
    run('lint', npm, ['run', '-s', 'lint'], { buffered: true }).then(stopOnFailure),
    run('type check', npm, ['run', '-s', 'typecheck'], { buffered: true }).then(stopOnFailure),
  ]);
}

/** The production UI build the browser tests load, unless dist/ already holds the current sources' build. */
function buildUi() {
  if (uiIsFresh(path.join(root, 'dist'))) {
    console.log('The UI build in dist/ is of the current sources: not rebuilt.');
    return Promise.resolve(true);
  }
  return run('build', process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'], { buffered: true });
}

/** The saga suite: the jest files that drive the real sagas through the test store (manual clock, fake sockets). */
function sagaSuite() {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.test.ts') && /makeTestStore|noteHarness/.test(fs.readFileSync(p, 'utf8'))) files.push(path.relative(root, p));
    }
  };
  walk(path.join(root, 'test'));
  return files.sort();
}

/**
 * How many more times the saga suite runs: ZEPPELIN_SAGA_RUNS, else 10 in CI (where a flaky saga test must show)
 * and none elsewhere.
 */
function sagaRuns() {
  if (process.env.ZEPPELIN_SAGA_RUNS !== undefined) return Math.max(0, Number(process.env.ZEPPELIN_SAGA_RUNS) || 0);
  return process.env.CI && process.env.CI !== 'false' ? 10 : 0;
}

/**
 * Runs the saga suite `times` times in a row in one jest process (scripts/repeatSequencer.js): a saga test that
 * depends on timing or on the order of unrelated work fails here. Only its failures are counted; its tests were
 * counted in the main run.
 */
async function repeatSagaSuite(times, workers) {
  const report = path.join(out, 'sagas-repeated.json');
  const title = `saga suite, ${times} runs in a row`;
  const ok = await run(title, bin('jest'), [
    '--ci', '--testSequencer', './scripts/repeatSequencer.js', `--maxWorkers=${workers}`,
    '--json', `--outputFile=${report}`, '--runTestsByPath', ...sagaSuite(),
  ], { env: { SAGA_REPEAT: String(times) } });
  const failed = [];
  if (fs.existsSync(report)) {
    for (const file of JSON.parse(fs.readFileSync(report, 'utf8')).testResults) {
      const rel = path.relative(root, file.name);
      const names = file.assertionResults.filter((a) => a.status === 'failed')
        .map((a) => `${rel} › ${a.fullName} (saga suite repeated)${failureCause(a.failureMessages, rel)}`);
      failed.push(...(names.length || file.status !== 'failed' ? names : [`${rel}: failed to run (saga suite repeated)`]));
    }
  }
  if (failed.length) console.log(`\nFailed in the ${title}:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  return { count: ok ? failed.length : Math.max(1, failed.length), failed };
}

function readSkips() {
  if (!fs.existsSync(skipLog)) return [];
  return fs.readFileSync(skipLog, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

/**
 * Why a test failed, in one line under its name: the error's first line and where in the test file it was thrown.
 * A CI log is often read from its end, and a browser test's failure is printed after a long console section.
 */
function failureCause(messages, rel) {
  // eslint-disable-next-line no-control-regex
  const lines = String(messages?.[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim());
  const first = lines.find((l) => l !== '');
  if (!first) return '';
  const frame = lines.find((l) => l.startsWith('at ') && l.includes(`${rel}:`));
  const line = frame?.slice(frame.indexOf(`${rel}:`)).match(/^[^:]+:\d+/)?.[0];
  return `\n      ${first.slice(0, 300)}${line ? ` (at ${line})` : ''}`;
}

/** Prints failed tests, then skipped ones grouped by reason with their install hint; answers the counts and the failed. */
function summarize(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const failed = [];
  for (const file of report?.testResults ?? []) {
    const rel = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.every((a) => a.status !== 'failed')) {
      counts.failed += 1;
      failed.push(`${rel}: ${String(file.message).split('\n').find((l) => l.trim()) ?? 'failed to run'}`);
    }
    for (const a of file.assertionResults) {
      if (a.status === 'passed') counts.passed += 1;
      else if (a.status === 'failed') {
        counts.failed += 1;
        failed.push(`${rel} › ${a.fullName}${failureCause(a.failureMessages, rel)}`);
      } else counts.skipped += 1;
    }
  }
  if (failed.length) console.log(`\nFailed:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  const byReason = new Map();
  for (const s of readSkips()) {
    const key = `${s.reason}\n    install: ${s.hint}`;
    byReason.set(key, [...(byReason.get(key) ?? []), s.title]);
  }
  for (const [reason, titles] of byReason) {
    console.log(`\nSkipped ${titles.length} (${reason}):\n${titles.map((t) => `  - ${t}`).join('\n')}`);
  }
  return { counts, failed };
}

/**
 * How many workers a jest run gets: ZEPPELIN_TEST_WORKERS, else one per core and `extra` more. In the main run a
 * browser or interpreter test leaves its core idle while it waits for a database to start, a Python process, or a
 * timer the app itself keeps (an autosave, a toast): about a third of a browser test file's time on one core. One
 * extra worker fills that time: on 2 cores, 3 workers took 290 s where 2 took 315 s, and 4 no less than 3.
 */
function workerCount(extra) {
  const asked = Number(process.env.ZEPPELIN_TEST_WORKERS);
  if (asked >= 1) return Math.floor(asked);
  return Math.max(1, os.availableParallelism ? os.availableParallelism() : os.cpus().length) + extra;
}

async function main() {
  // The static checks run beside the build and then beside jest: jest's browser tests leave a core idle while they
  // wait on their browsers and interpreters, and the checks fill it. A failed check ends the run at once.
  const checks = staticChecks();
  if (!(await buildUi())) {
    console.log('\n0 passed, 1 failed');
    finish(1);
  }
  const report = path.join(out, 'jest.json');
  const workers = workerCount(1);
  // One run over both projects: the browser tests leave a core idle while they wait for their browsers, and the
  // unit tests beside them fill it. Tried as two runs (unit tests beside the static checks, then the browser tests
  // alone), the suite took 540 s against 464 s.
  const ok = await run('jest: unit, reducer, saga, server and browser tests', bin('jest'), [
    // The order is a whole-run option: jest ignores it in a project's configuration.
    '--ci', '--testSequencer', './scripts/testSequencer.js', '--projects', 'jest.config.ts', 'e2e/jest.config.ts', `--maxWorkers=${workers}`,
    '--json', `--outputFile=${report}`,
  ]);
  await checks;
  const { counts, failed } = summarize(fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : undefined);
  if (!ok && counts.failed === 0) counts.failed = 1;
  // Not beside the browser tests: tried that way, the repeats in one worker took longer than the browser tests.
  const times = sagaRuns();
  if (times > 0) {
    // The saga tests never wait on anything outside their process: one worker per core.
    const repeated = await repeatSagaSuite(times, workerCount(0));
    counts.failed += repeated.count;
    failed.push(...repeated.failed);
  } else console.log('\nThe saga suite ran once (CI runs it ten more times; ZEPPELIN_SAGA_RUNS=10 does it here).');
  // CI installs everything the suite can use: there a skip means a missing install step in .ci/run.
  if (process.env.ZEPPELIN_TEST_REQUIRE_ALL === '1' && readSkips().length > 0) {
    console.log('\nZEPPELIN_TEST_REQUIRE_ALL=1: the skips above count as failures (install what they need in .ci/run).');
    counts.failed += readSkips().length;
  }
  // Listed again last: the saga repeats print a lot after the first list, and a CI log is often read from its end.
  if (failed.length) console.log(`\nFailed tests:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  finish(ok && counts.failed === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  finish(1);
});
