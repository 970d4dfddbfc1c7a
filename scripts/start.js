#!/usr/bin/env node
// `npm start`: builds the UI when it is missing or older than its sources, seeds the notebook folder with the
// sample notes on first start, then runs the embedded server (which prints its URL once it answers).
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist', 'index.html');

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function uiIsStale() {
  if (!fs.existsSync(dist)) return true;
  const built = fs.statSync(dist).mtimeMs;
  const sources = ['protocol', 'src', 'slices', 'sagas', 'webpack.config.js', 'package-lock.json'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  return sources.some((p) => newestMtime(p) > built);
}

if (uiIsStale()) {
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
