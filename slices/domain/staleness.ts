/**
 * Which paragraphs are "Stale": their result no longer matches what they would compute now. A paragraph is stale
 * when its text changed since its last run, when a form value it uses changed since, or when it reads a name
 * (`z.get`, a `%sql` table) that another paragraph wrote (`z.put`, CREATE TABLE, INSERT, `saveAs=`) in a run
 * started after its own.
 *
 * Notes:
 * - Conservative: whatever cannot be known means "not stale". A paragraph without `lastRun` (never run here, or
 *   a note served by Zeppelin, which sends none) is never marked; a form value or name absent on either side
 *   counts as unchanged. Untouched notes therefore show no marker.
 * - Dependencies are read from the text alone, with patterns for the usual spellings; code that builds a name at
 *   run time is not followed.
 * - What a paragraph reads and writes is taken from the text its last run used (`lastRun.text`): that run is the
 *   one whose inputs may have changed.
 */
import type { FormParams, LastRun, ParagraphId, ParagraphStatus } from '../../protocol';
import { isRunningStatus } from '../../protocol';

export interface StaleInput {
  id: ParagraphId;
  /** What the paragraph shows now: the local draft, else the server's text. */
  text: string;
  title?: string;
  status?: ParagraphStatus;
  enabled: boolean;
  /** The paragraph's form values: each form's param, else its default. */
  params?: FormParams;
  lastRun?: LastRun;
}

export interface Dependencies {
  /** Names read: `z.get`, `z.getAsDataFrame`, tables a `%sql` query reads (lower case). */
  reads: Set<string>;
  /** Names written: `z.put`, `z.remove`, tables `%sql` creates or changes, `saveAs=` (lower case). */
  writes: Set<string>;
  /** Note forms used: `$${name}` and `z.note*("name")`. */
  noteForms: Set<string>;
}

const NO_CODE = new Set(['md', 'markdown', 'angular', 'ng', 'html']);
const SQL = new Set(['sql', 'duckdb']);

/** The magic and its local properties: `%sql(saveAs=x)` → { magic: 'sql', props: 'saveAs=x' }. */
function header(text: string): { magic: string | null; props: string; body: string } {
  const m = /^\s*%([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(?:\(([^)]*)\))?/.exec(text);
  if (!m) return { magic: null, props: '', body: text };
  return { magic: m[1].toLowerCase(), props: m[2] ?? '', body: text.slice(m[0].length) };
}

const all = (re: RegExp, text: string, group = 1): string[] => [...text.matchAll(re)].map((m) => m[group]);

const NOTE_FORM_TEMPLATE = /\$\$\{(?:[a-z]+(?:\([^)]*\))?:)?\s*([^=}(:,\s]+)/g;
const NOTE_FORM_CALL = /\bz\.note(?:Textbox|Select|Checkbox|Password)\(\s*(?:name\s*=\s*)?["']([^"']+)["']/g;
const Z_READ = /\bz\.(?:get|getAsDataFrame)\(\s*["']([^"']+)["']/g;
const Z_WRITE = /\bz\.(?:put|remove)\(\s*["']([^"']+)["']/g;
const SAVE_AS = /(?:^|,)\s*saveAs\s*=\s*["']?([A-Za-z_][\w.]*)/;

const IDENT = String.raw`([A-Za-z_][\w.]*|"[^"]+")`;
const SQL_READ = new RegExp(String.raw`\b(?:from|join)\s+` + IDENT, 'gi');
const SQL_WRITE = [
  new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:(?:temp|temporary)\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?` + IDENT, 'gi'),
  new RegExp(String.raw`\binsert\s+(?:or\s+\w+\s+)?into\s+` + IDENT, 'gi'),
  new RegExp(String.raw`\bupdate\s+` + IDENT + String.raw`\s+set\b`, 'gi'),
  new RegExp(String.raw`\bdelete\s+from\s+` + IDENT, 'gi'),
];
const CTE = /(?:\bwith|,)\s+(?:recursive\s+)?([A-Za-z_]\w*)\s+as\s*\(/gi;

const tableName = (raw: string): string => raw.replace(/"/g, '').toLowerCase();

/** SQL without comments and string literals, so neither can look like a table name. */
const sqlCode = (sql: string): string =>
  sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/'(?:[^']|'')*'/g, "''");

function sqlDependencies(body: string, reads: Set<string>, writes: Set<string>): void {
  const code = sqlCode(body);
  const ctes = new Set(all(CTE, code).map(tableName));
  for (const re of SQL_WRITE) for (const n of all(re, code)) writes.add(tableName(n));
  for (const n of all(SQL_READ, code)) if (!ctes.has(tableName(n))) reads.add(tableName(n));
}

/** Texts already read: the rules run on every change of the note, and the texts rarely change. */
const known = new Map<string, Dependencies>();
const KNOWN_MAX = 2000;

/** What a paragraph's text reads and writes, found from its code and forms. */
export function dependenciesOf(text: string): Dependencies {
  let deps = known.get(text);
  if (!deps) {
    if (known.size >= KNOWN_MAX) known.clear();
    deps = readDependencies(text);
    known.set(text, deps);
  }
  return deps;
}

function readDependencies(text: string): Dependencies {
  const deps: Dependencies = { reads: new Set(), writes: new Set(), noteForms: new Set() };
  const { magic, props, body } = header(text);
  const segments = magic ? magic.split('.') : [];
  if (segments.some((s) => NO_CODE.has(s))) {
    // Markdown may still fill in note forms; names it mentions are prose, not reads.
    for (const n of all(NOTE_FORM_TEMPLATE, body)) deps.noteForms.add(n);
    return deps;
  }
  for (const n of all(NOTE_FORM_TEMPLATE, body)) deps.noteForms.add(n);
  for (const n of all(NOTE_FORM_CALL, body)) deps.noteForms.add(n);
  for (const n of all(Z_READ, body)) deps.reads.add(n.toLowerCase());
  for (const n of all(Z_WRITE, body)) deps.writes.add(n.toLowerCase());
  const saveAs = SAVE_AS.exec(props);
  if (saveAs) deps.writes.add(saveAs[1].toLowerCase());
  if (segments.some((s) => SQL.has(s))) sqlDependencies(body, deps.reads, deps.writes);
  return deps;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const has = (o: FormParams | undefined, k: string): o is FormParams => !!o && Object.prototype.hasOwnProperty.call(o, k);

const label = (p: StaleInput, index: number): string => (p.title?.trim() ? `"${p.title.trim()}"` : `paragraph ${index + 1}`);

/**
 * Why each stale paragraph is stale (one sentence per reason); paragraphs missing from the map are not stale.
 * `noteValues`: each note form's value now (its param, else its default).
 */
export function staleReasons(paragraphs: readonly StaleInput[], noteValues: FormParams | undefined): Record<ParagraphId, string[]> {
  const out: Record<ParagraphId, string[]> = {};
  const deps = paragraphs.map((p) => (p.lastRun ? dependenciesOf(p.lastRun.text) : null));
  // Per name, the finished runs that wrote it, latest first: a reader looks up its names instead of every paragraph.
  const writers = new Map<string, number[]>();
  paragraphs.forEach((q, j) => {
    if (q.status !== 'FINISHED' || !q.lastRun) return;
    for (const n of deps[j]?.writes ?? []) writers.set(n, [...(writers.get(n) ?? []), j]);
  });
  for (const list of writers.values()) list.sort((x, y) => (paragraphs[y].lastRun?.seq ?? 0) - (paragraphs[x].lastRun?.seq ?? 0));
  paragraphs.forEach((p, i) => {
    const run = p.lastRun;
    if (!run || isRunningStatus(p.status)) return;
    const reasons: string[] = [];
    if (p.text !== run.text) reasons.push('The text changed since the last run.');
    for (const f of deps[i]?.noteForms ?? []) {
      if (has(run.noteParams, f) && has(noteValues, f) && !same(run.noteParams[f], noteValues[f])) reasons.push(`The note form "${f}" changed since the last run.`);
    }
    for (const f of Object.keys(run.params ?? {})) {
      if (has(p.params, f) && !same(run.params?.[f], p.params[f])) reasons.push(`The form "${f}" changed since the last run.`);
    }
    for (const name of deps[i]?.reads ?? []) {
      const writer = (writers.get(name) ?? []).find((j) => j !== i && (paragraphs[j].lastRun?.seq ?? 0) > run.seq);
      if (writer !== undefined) reasons.push(`"${name}" was replaced by a later run of ${label(paragraphs[writer], writer)}.`);
    }
    if (reasons.length) out[p.id] = reasons;
  });
  return out;
}

/**
 * What "Run stale" runs, in note order: the stale paragraphs, and after them the paragraphs that read what one of
 * those writes (they become stale once it has run). Disabled paragraphs and those that never ran are left out.
 */
export function runStalePlan(paragraphs: readonly StaleInput[], stale: Record<ParagraphId, string[]>): ParagraphId[] {
  const rewritten = new Set<string>();
  const plan: ParagraphId[] = [];
  for (const p of paragraphs) {
    if (!p.enabled || !p.lastRun) continue;
    const now = dependenciesOf(p.text);
    const reads = dependenciesOf(p.lastRun.text).reads;
    if (!stale[p.id] && ![...reads].some((n) => rewritten.has(n))) continue;
    plan.push(p.id);
    for (const n of now.writes) rewritten.add(n);
  }
  return plan;
}

/** The paragraphs whose code or forms use the note form `name`, in note order (a chart click re-runs them). */
export function usersOfNoteForm(paragraphs: readonly StaleInput[], name: string): ParagraphId[] {
  return paragraphs.filter((p) => p.enabled && dependenciesOf(p.text).noteForms.has(name)).map((p) => p.id);
}
