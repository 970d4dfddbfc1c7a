#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: Chromium present, lint, type check, jest (unit,
// reducer, saga, server), production build, browser tests. Ends with one "N passed, N failed" line.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}. The browser tests need Debian's Chromium:\n` +
    '  sudo apt-get install -y chromium\nor point CHROMIUM_PATH at a Chromium binary.');
  process.exit(1);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'zeppelin-test-'));
let passed = 0;
let failed = 0;

function step(title, cmd, args, opts = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status === 0;
}

function jestStep(title, args) {
  const report = path.join(out, `${title.replace(/\W+/g, '-')}.json`);
  const ok = step(title, bin('jest'), [...args, '--json', `--outputFile=${report}`]);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
  } else if (!ok) failed += 1;
  return ok;
}

function finish(ok) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

// The lint step is `npm run lint`: ESLint, the layer rules (dependency-cruiser) and the dead-code check (knip).
if (!step('lint', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '-s', 'lint'])) finish(false);
if (!step('type check', bin('tsc'), ['--noEmit', '-p', '.'])) finish(false);
const unitOk = jestStep('jest', ['--ci']);
if (!step('build', process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'])) finish(false);
const e2eOk = jestStep('browser', ['--ci', '--config', 'e2e/jest.config.ts', '--runInBand']);
finish(unitOk && e2eOk);
