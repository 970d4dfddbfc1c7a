#!/usr/bin/env node
// Prints the layer picture of the README (a mermaid graph of which top-level folder imports which), read from
// the code by dependency-cruiser with the rules of .dependency-cruiser.cjs.
const { execFileSync } = require('child_process');
const path = require('path');
const { stripVTControlCharacters } = require('util');

const root = path.resolve(__dirname, '..');
const LAYERS = ['protocol', 'slices', 'sagas', 'src', 'server'];

function layerEdges() {
  const out = execFileSync(path.join(root, 'node_modules', '.bin', 'depcruise'), [
    '--config', '.dependency-cruiser.cjs',
    '--include-only', `^(${LAYERS.join('|')})/`,
    '--collapse', `^(${LAYERS.join('|')})/`,
    '--output-type', 'text',
    ...LAYERS,
  ], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const edges = new Set();
  for (const line of out.split('\n')) {
    const m = /^(\w+)\/ → (\w+)\/$/.exec(stripVTControlCharacters(line).trim());
    if (m && m[1] !== m[2]) edges.add(`${m[1]} --> ${m[2]}`);
  }
  return [...edges].sort();
}

function mermaid() {
  return ['```mermaid', 'flowchart BT', ...layerEdges().map((e) => `  ${e}`), '```'].join('\n');
}

module.exports = { mermaid };
if (require.main === module) console.log(mermaid());
