/** @jest-environment node */
/**
 * Keeps docs/protocol.md true to the code: every websocket op has an entry in section 2 for each direction it
 * travels, and every section that a source comment cites ("PROTOCOL <n.n>", "docs/protocol.md <n.n>") exists.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import { RECEIVE_OPS, RECEIVE_SCHEMAS, SEND_OPS, SEND_SCHEMAS } from '../../protocol';

const root = join(__dirname, '../..');
const doc = readFileSync(join(__dirname, '../../docs/protocol.md'), 'utf8');
const lines = doc.split('\n');

/** The lines of section 2, from its `## 2 ` heading up to the next top-level heading. */
function sectionTwo(): string[] {
  const start = lines.findIndex((l) => /^## 2\.? /.test(l));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

/** Op entries of section 2: op name → directions its entries declare ("C→S", "S→C"). */
function opEntries(): Map<string, Set<string>> {
  const entries = new Map<string, Set<string>>();
  for (const line of sectionTwo()) {
    // A list item (`- `, `* `) or a table row (`| `), starting with the op in backticks.
    const m = /^\s*(?:[-*]|\|)\s*`([A-Z][A-Z0-9_]*)`\s*(?:\|\s*)?(?:\((C→S|S→C)\))?/.exec(line);
    if (!m) continue;
    const dirs = entries.get(m[1]) ?? new Set<string>();
    if (m[2]) dirs.add(m[2]);
    entries.set(m[1], dirs);
  }
  return entries;
}

/** Section numbers that have a heading: `## 5 Title` / `## 5. Title` and `### 5.5 Title`. */
function headings(): Set<string> {
  const found = new Set<string>();
  for (const line of lines) {
    const m = /^##\s+(\d+)\.?\s/.exec(line) ?? /^###\s+(\d+\.\d+)\s/.exec(line);
    if (m) found.add(m[1]);
  }
  return found;
}

const SCANNED = ['protocol', 'src', 'slices', 'sagas', 'server', 'test'];

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/**
 * Every cited section, with where it is cited. Matches "PROTOCOL <n.n>", "PROTOCOL.md section <n>",
 * "docs/protocol.md <n.n>" and lists such as "PROTOCOL <n.n>, <n.n>" or "PROTOCOL <n.n>/<n.n>".
 */
function citations(): Map<string, string[]> {
  const cite = /(?:\bPROTOCOL(?:\.md)?|docs\/protocol\.md)(?:\s+section)?\s+(\d+(?:\.\d+)?)((?:\s*(?:,|\/|&|and)\s*\d+\.\d+)*)/g;
  const cited = new Map<string, string[]>();
  for (const file of SCANNED.flatMap((d) => sourceFiles(join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(cite)) {
      const numbers = [m[1], ...(m[2].match(/\d+\.\d+/g) ?? [])];
      const line = text.slice(0, m.index).split('\n').length;
      for (const n of numbers) cited.set(n, [...(cited.get(n) ?? []), `${relative(root, file)}:${line}`]);
    }
  }
  return cited;
}

describe('docs/protocol.md', () => {
  test('the op lists agree with the schema tables', () => {
    expect([...SEND_OPS].sort()).toEqual(Object.keys(SEND_SCHEMAS).sort());
    expect([...RECEIVE_OPS].sort()).toEqual(Object.keys(RECEIVE_SCHEMAS).sort());
  });

  test('section 2 has an entry for every websocket op, per direction', () => {
    const entries = opEntries();
    const missing = [
      ...Object.keys(SEND_SCHEMAS).filter((op) => !entries.get(op)?.has('C→S')).map((op) => `${op} (C→S)`),
      ...Object.keys(RECEIVE_SCHEMAS).filter((op) => !entries.get(op)?.has('S→C')).map((op) => `${op} (S→C)`),
    ];
    expect(missing).toEqual([]);
  });

  test('section 2 documents no op that the protocol does not have', () => {
    const known = new Set<string>([...SEND_OPS, ...RECEIVE_OPS]);
    expect([...opEntries().keys()].filter((op) => !known.has(op))).toEqual([]);
  });

  test('every section cited in the source tree has a heading', () => {
    const cited = citations();
    expect(cited.size).toBeGreaterThan(0);
    const present = headings();
    const missing = [...cited]
      .filter(([n]) => !present.has(n))
      .map(([n, where]) => `${n} (cited at ${where.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
