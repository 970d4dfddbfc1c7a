#!/usr/bin/env node
// `npm run bench [name…]`: builds the UI, then runs each benchmark in bench/ (or the named ones) one after the
// other; each prints one JSON object with its figures and the same-run baseline ratios.
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const wanted = process.argv.slice(2);
const benches = fs.readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => wanted.length === 0 || wanted.includes(n));

const build = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status || 1);

let failed = 0;
for (const name of benches) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
