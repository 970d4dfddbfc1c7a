/**
 * Zeppelin note → Jupyter notebook, nbformat 4.5 (PROTOCOL 5.10): markdown cells from `%md`, code cells without the
 * note interpreter's magic, outputs from the results, the kernel of the note's interpreter. A paragraph imported
 * from a notebook gives back its cell (id, metadata, attachments, outputs) from `config.jupyter`.
 */
import type { JsonObject, JsonValue, Note, Paragraph, ResultMessage } from '../../../protocol';
import { parseParagraphText } from '../../interpreters/magic';
import { compact, isObject, type CellKeep, type OutputKeep } from './cellKeep';
import { groupToKernel } from './kernels';

/** Other interpreters' magics as the IPython cell magics that do the same, so the cell still runs in Jupyter. */
const CELL_MAGICS: Readonly<Record<string, string>> = { sh: 'bash', html: 'html', js: 'javascript', sql: 'sql', md: 'markdown', angular: 'html' };

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A TSV table as an HTML table (first row the header), the way a notebook shows a data frame. */
function tableHtml(tsv: string): string {
  const rows = tsv.replace(/\n$/, '').split('\n').map((r) => r.split('\t'));
  const [head = [], ...body] = rows;
  const tr = (cells: string[], tag: string) => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return `<table class="dataframe">\n<thead>${tr(head, 'th')}</thead>\n<tbody>\n${body.map((r) => tr(r, 'td')).join('\n')}\n</tbody>\n</table>`;
}

function derivedOutput(m: ResultMessage): JsonObject | undefined {
  const display = (data: JsonObject): JsonObject => ({ output_type: 'display_data', data, metadata: {} });
  switch (m.type) {
    case 'TEXT':
      return { output_type: 'stream', name: 'stdout', text: m.data };
    case 'HTML':
    case 'ANGULAR':
    case 'ELEMENT':
      return display({ 'text/html': m.data });
    case 'IMG':
      return display({ 'image/png': m.data.trim() });
    case 'SVG':
      return display({ 'image/svg+xml': m.data });
    case 'TABLE':
      return display({ 'text/html': tableHtml(m.data), 'text/plain': m.data });
    case 'NULL':
      return undefined;
    default:
      return display({ 'text/plain': m.data });
  }
}

function keptOutput(m: ResultMessage, k: OutputKeep): JsonObject {
  if (k.output_type === 'stream') return { output_type: 'stream', name: k.name ?? 'stdout', text: m.data };
  if (k.output_type === 'error') return { output_type: 'error', ename: k.ename ?? '', evalue: k.evalue ?? '', traceback: k.traceback ?? m.data.split('\n') };
  const data: JsonObject = { ...(k.data ?? {}) };
  if (k.mime && data[k.mime] === undefined) data[k.mime] = m.data;
  const out: JsonObject = { output_type: k.output_type, data, metadata: k.metadata ?? {} };
  if (k.output_type === 'execute_result') out.execution_count = k.execution_count ?? null;
  return out;
}

function outputsOf(p: Paragraph, keep: CellKeep | undefined): JsonObject[] {
  const msgs = p.results?.msg ?? [];
  // Kept outputs count only while they still describe the results (the paragraph was not run again).
  const kept = keep?.outputs && keep.outputs.length === msgs.length && msgs.length > 0 ? keep.outputs : undefined;
  return msgs.flatMap((m, i) => {
    const out = kept ? keptOutput(m, kept[i]) : derivedOutput(m);
    return out ? [out] : [];
  });
}

/** A code cell's source: the magic dropped when it is the note's interpreter, else turned into a cell magic. */
function codeSource(text: string, group: string): string {
  const parsed = parseParagraphText(text);
  if (parsed.magic === '') return text;
  const magicGroup = interpreterOf(parsed.magic, group);
  const body = text.slice(parsed.scriptOffset).replace(/^\n/, '');
  if (groupToKernel(magicGroup).group === group) return body;
  const cellMagic = CELL_MAGICS[magicGroup];
  return cellMagic ? `%%${cellMagic}\n${body}` : text;
}

const validId = (id: unknown): id is string => typeof id === 'string' && /^[a-zA-Z0-9-_]{1,64}$/.test(id);

/**
 * The language a magic stands for: the interpreter's name inside its group (`spark.pyspark` is Python,
 * `python.ipython` too), the group itself when the name is the group's own, the note's default without a magic.
 */
function interpreterOf(magic: string, fallback: string): string {
  if (magic === '') return fallback;
  const parts = magic.split('.');
  return parts[parts.length - 1];
}

/** The kernel language of most code paragraphs (ties go to the note's default interpreter). */
function noteGroup(note: Note): string {
  const fallback = note.defaultInterpreterGroup || 'python';
  const counts = new Map<string, number>();
  for (const p of note.paragraphs) {
    if ((p.text ?? '').trim() === '') continue;
    const g = groupToKernel(interpreterOf(parseParagraphText(p.text).magic, fallback)).group;
    if (g !== 'md') counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const best = Math.max(0, ...counts.values());
  const own = groupToKernel(fallback).group;
  return (counts.get(own) ?? 0) === best ? own : [...counts.entries()].find(([, n]) => n === best)?.[0] ?? own;
}

function toCell(p: Paragraph, group: string, ids: Set<string>): JsonObject | undefined {
  const text = (p.text ?? '').replace(/^ +/, '');
  const keep = isObject(p.config?.jupyter) ? (p.config.jupyter as unknown as CellKeep) : undefined;
  if (text.trim() === '' && !keep) return undefined;
  let id = validId(keep?.id) && !ids.has(keep.id) ? keep.id : validId(p.id) && !ids.has(p.id) ? p.id : `cell-${ids.size + 1}`;
  while (ids.has(id)) id = `${id}-${ids.size}`;
  ids.add(id);
  const base = { id, metadata: keep?.metadata ?? {} };
  const md = /^%md(\s|$)/.exec(text);
  if (md) return compact({ cell_type: 'markdown', ...base, source: text.slice(md[0].length), attachments: keep?.attachments });
  if (keep?.cell_type === 'raw') return compact({ cell_type: 'raw', ...base, source: text.replace(/^\n/, ''), attachments: keep.attachments });
  const exec = keep?.execution_count;
  return { cell_type: 'code', ...base, execution_count: typeof exec === 'number' ? exec : null, outputs: outputsOf(p, keep) as JsonValue[], source: codeSource(text, group) };
}

export function noteToIpynb(note: Note): JsonObject {
  const group = noteGroup(note);
  const kernel = groupToKernel(group);
  const ids = new Set<string>();
  const cells = note.paragraphs.flatMap((p) => {
    const c = toCell(p, kernel.group, ids);
    return c ? [c] : [];
  });
  return {
    metadata: { name: note.name ?? '', kernelspec: kernel.kernelspec, language_info: kernel.language_info },
    nbformat: 4,
    nbformat_minor: 5,
    cells: cells as JsonValue[],
  };
}
