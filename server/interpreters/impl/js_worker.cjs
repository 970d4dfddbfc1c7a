// Worker side of the %js interpreter. User code runs in a vm context: it sees its own globals, a console that
// streams back to the server, and timers; no require, no process. The worker has its own heap, so the code can
// never reach the server's memory.
'use strict';
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
const util = require('node:util');

let buffer = '';
let lastFlush = Date.now();
function flush() {
  if (buffer === '') return;
  parentPort.postMessage({ ev: 'out', d: buffer });
  buffer = '';
  lastFlush = Date.now();
}
function write(text) {
  buffer += text;
  // A tight console.log loop would otherwise post one message per call; batch, but stay live.
  if (buffer.length >= 16384 || Date.now() - lastFlush > 50) flush();
}

const line = (args) => `${util.format(...args)}\n`;
const sandboxConsole = {
  log: (...a) => write(line(a)),
  info: (...a) => write(line(a)),
  warn: (...a) => write(line(a)),
  error: (...a) => write(line(a)),
  debug: (...a) => write(line(a)),
  table: (rows) => write(`${util.inspect(rows, { depth: 3 })}\n`),
};
// Each run gets a fresh context, so a paragraph run twice never fails on its own top-level `let`, `const` or `class`
// ("Identifier has already been declared"): those live in a context's lexical scope, which cannot be redeclared.
// What earlier runs defined stays visible, as in a REPL: their globals (var, function, assignments) are copied into
// the new context, and so are the values of their top-level lexical declarations, as plain globals that the next
// run may declare again.
const BUILTINS = {
  console: sandboxConsole,
  setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
  structuredClone, TextEncoder, TextDecoder, URL, URLSearchParams,
};
let sandbox = { ...BUILTINS };
/** The last run's context: completion looks up names there. */
let context = vm.createContext(sandbox);

const LEXICAL = /\b(?:let|const|class)\s+([A-Za-z_$][\w$]*)/g;

/** Carries the previous run's definitions into a fresh context for the next run. */
function freshContext(previousCode) {
  const carried = {};
  for (const [key, value] of Object.entries(sandbox)) if (!(key in BUILTINS)) carried[key] = value;
  for (const m of (previousCode || '').matchAll(LEXICAL)) {
    try {
      carried[m[1]] = vm.runInContext(m[1], context, { timeout: 100 });
    } catch {
      // declared in an inner block only, or never reached: nothing to carry
    }
  }
  sandbox = { ...carried, ...BUILTINS };
  context = vm.createContext(sandbox);
}
let lastCode = '';

function cleanStack(e) {
  if (!(e instanceof Error) && !(e && typeof e === 'object' && 'stack' in e)) return `Uncaught ${util.inspect(e)}\n`;
  // Only the user's frames: the worker's own frames say nothing about the paragraph.
  const frames = String(e.stack || '').split('\n').filter((l) => /^\s+at /.test(l) && l.includes('paragraph.js'));
  return `${[`${e.name || 'Error'}: ${e.message}`, ...frames].join('\n')}\n`;
}

async function run(id, code) {
  let ok = true;
  try {
    const script = new vm.Script(code, { filename: 'paragraph.js' });
    freshContext(lastCode);
    lastCode = code;
    let value = script.runInContext(context, { breakOnSigint: false });
    if (value && typeof value.then === 'function') value = await value;
    if (value !== undefined) write(`${util.inspect(value, { depth: 4, colors: false })}\n`);
  } catch (e) {
    ok = false;
    write(cleanStack(e));
  }
  flush();
  parentPort.postMessage({ ev: 'done', id, ok });
}

function complete(rid, code, cursor) {
  const word = (/[A-Za-z_$][\w$.]*$/.exec(code.slice(0, cursor)) || [''])[0];
  const dot = word.lastIndexOf('.');
  let names = [];
  let prefix = word;
  try {
    if (dot >= 0) {
      prefix = word.slice(dot + 1);
      const target = vm.runInContext(word.slice(0, dot), context, { timeout: 100 });
      for (let o = target; o !== null && o !== undefined; o = Object.getPrototypeOf(o)) names.push(...Object.getOwnPropertyNames(o));
    } else {
      names = vm.runInContext('Object.getOwnPropertyNames(globalThis)', context, { timeout: 100 });
    }
  } catch {
    names = [];
  }
  const items = [...new Set(names)].filter((n) => n.startsWith(prefix)).sort().slice(0, 200)
    .map((n) => ({ name: n, value: n, meta: dot >= 0 ? 'property' : 'global' }));
  parentPort.postMessage({ ev: 'completion', rid, items });
}

parentPort.on('message', (cmd) => {
  if (cmd.cmd === 'run') void run(cmd.id, cmd.code);
  else if (cmd.cmd === 'complete') complete(cmd.rid, cmd.code, cmd.cursor);
});
