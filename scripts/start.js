#!/usr/bin/env node
// `npm start`: builds the UI when it is missing or was built from other sources (a content hash, see
// ui-inputs.js), seeds the notebook folder with the sample notes on first start, then runs the embedded server
// (which prints its URL once it answers).
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { uiIsFresh } = require('./ui-inputs');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

if (!uiIsFresh(dist)) {
  console.log('Building the UI (production build)…');
  const r = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status || 1);
}

const notebookDir = path.resolve(process.env.ZEPPELIN_NOTEBOOK_DIR || path.join(root, 'notebook'));
if (!fs.existsSync(notebookDir)) {
  fs.cpSync(path.join(root, 'samples', 'notebook'), notebookDir, { recursive: true });
  console.log(`Created ${notebookDir} with the sample notes.`);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ZEPPELIN_NOTEBOOK_DIR: notebookDir, ZEPPELIN_WEB_DIR: process.env.ZEPPELIN_WEB_DIR || path.join(root, 'dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
