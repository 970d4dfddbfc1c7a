/**
 * Jupyter notebook (nbformat 4) → Zeppelin paragraphs (PROTOCOL 5.10). Every output is kept, in order, as one
 * result message; markdown cells come with their rendered result; what Zeppelin has no field for goes to
 * `config.jupyter` (cellKeep.ts).
 */
import { randomBytes } from 'node:crypto';
import type { JsonObject, Paragraph, ResultMessage } from '../../../protocol';
import { renderMarkdown } from '../../interpreters/impl/markdown';
import { newParagraph } from '../paragraphs';
import { compact, isObject, joinSource, type CellKeep, type OutputKeep } from './cellKeep';
import { kernelToGroup } from './kernels';

export interface ImportedNotebook {
  name: string;
  defaultInterpreterGroup: string;
  paragraphs: Paragraph[];
  cells: number;
  outputs: number;
}

/** Jupyter's display order: the richest type a bundle has is the one shown. */
const SHOWN_ORDER = ['text/html', 'text/markdown', 'image/svg+xml', 'image/png', 'image/jpeg', 'application/javascript', 'text/latex', 'application/json', 'text/plain'];

function mimeToMessage(mime: string, value: JsonObject[string]): ResultMessage {
  const text = typeof value === 'string' || Array.isArray(value) ? joinSource(value) : JSON.stringify(value, null, 2);
  switch (mime) {
    case 'text/html':
    case 'image/svg+xml':
      return { type: 'HTML', data: text };
    case 'text/markdown':
      return { type: 'HTML', data: renderMarkdown(text) };
    case 'image/png':
      return { type: 'IMG', data: text };
    case 'image/jpeg':
      return { type: 'HTML', data: `<img src="data:image/jpeg;base64,${text.replace(/\s/g, '')}">` };
    case 'application/javascript':
      return { type: 'HTML', data: `<script>${text}</script>` };
    default:
      return { type: 'TEXT', data: text };
  }
}

function convertRich(out: JsonObject): { msg: ResultMessage; keep: OutputKeep } | undefined {
  const data = isObject(out.data) ? out.data : {};
  const mime = SHOWN_ORDER.find((m) => data[m] !== undefined) ?? Object.keys(data)[0];
  if (mime === undefined) return undefined;
  const msg = mimeToMessage(mime, data[mime]);
  const rest: JsonObject = { ...data };
  // The shown value is dropped when the message holds it as it was; else kept, so an export gives it back.
  if (typeof data[mime] === 'string' && data[mime] === msg.data) delete rest[mime];
  const keep: OutputKeep = compact({
    output_type: String(out.output_type), mime, data: Object.keys(rest).length > 0 ? rest : undefined,
    metadata: isObject(out.metadata) && Object.keys(out.metadata).length > 0 ? out.metadata : undefined,
    execution_count: out.output_type === 'execute_result' ? ((out.execution_count ?? null) as number | null) : undefined,
  }) as unknown as OutputKeep;
  return { msg, keep };
}

function convertOutput(out: JsonObject): { msg: ResultMessage; keep: OutputKeep; error: boolean } | undefined {
  if (out.output_type === 'stream') {
    const name = out.name === 'stderr' ? 'stderr' : 'stdout';
    return { msg: { type: 'TEXT', data: joinSource(out.text) }, keep: { output_type: 'stream', name }, error: name === 'stderr' };
  }
  if (out.output_type === 'error') {
    const lines = Array.isArray(out.traceback) ? out.traceback.map(String) : [];
    const data = lines.length > 0 ? lines.join('\n') : `${String(out.ename)}: ${String(out.evalue)}`;
    const exact = lines.length > 0 && data.split('\n').length === lines.length;
    return {
      msg: { type: 'TEXT', data },
      keep: compact({ output_type: 'error', ename: String(out.ename ?? ''), evalue: String(out.evalue ?? ''), traceback: exact ? undefined : lines }) as unknown as OutputKeep,
      error: true,
    };
  }
  if (out.output_type === 'execute_result' || out.output_type === 'display_data') {
    const rich = convertRich(out);
    return rich && { ...rich, error: false };
  }
  return undefined;
}

/** Markdown `attachment:name` links point at the cell's attachments, which the rendered result inlines. */
function inlineAttachments(html: string, attachments: JsonObject | undefined): string {
  if (!attachments) return html;
  return html.replace(/(src|href)="attachment:([^"]+)"/g, (whole, attr: string, name: string) => {
    const bundle = attachments[decodeURIComponent(name)];
    if (!isObject(bundle)) return whole;
    const mime = Object.keys(bundle)[0];
    return mime ? `${attr}="data:${mime};base64,${joinSource(bundle[mime]).replace(/\s/g, '')}"` : whole;
  });
}

function cellKeep(cell: JsonObject): CellKeep {
  return compact({
    id: typeof cell.id === 'string' ? cell.id : undefined,
    cell_type: String(cell.cell_type),
    metadata: isObject(cell.metadata) && Object.keys(cell.metadata).length > 0 ? cell.metadata : undefined,
    attachments: isObject(cell.attachments) ? cell.attachments : undefined,
  }) as CellKeep;
}

function fillCode(p: Paragraph, cell: JsonObject, group: string, source: string): number {
  const converted = (Array.isArray(cell.outputs) ? cell.outputs.filter(isObject) : []).map(convertOutput);
  const kept = converted.flatMap((c) => (c ? [c] : []));
  p.text = `%${group}\n${source}`;
  const keep: CellKeep = { ...cellKeep(cell), execution_count: (cell.execution_count ?? null) as number | null, outputs: kept.map((c) => c.keep) };
  p.config = { editorSetting: { language: group, editOnDblClick: false }, editorMode: `ace/mode/${group}`, jupyter: keep as unknown as JsonObject };
  p.results = { code: kept.some((c) => c.error) ? 'ERROR' : 'SUCCESS', msg: kept.map((c) => c.msg) };
  return kept.length;
}

function fillMarkdown(p: Paragraph, cell: JsonObject, source: string): void {
  const keep = cellKeep(cell);
  p.text = `%md\n${source}`;
  p.config = { editorHide: true, editorSetting: { language: 'markdown', editOnDblClick: true }, editorMode: 'ace/mode/markdown', jupyter: keep as unknown as JsonObject };
  p.results = { code: 'SUCCESS', msg: [{ type: 'HTML', data: inlineAttachments(renderMarkdown(source), keep.attachments) }] };
}

/** Refuses what is not an nbformat 4 notebook, with the reason. */
function checkNotebook(nb: JsonObject): JsonObject[] {
  if (!Array.isArray(nb.cells)) throw new Error('not a Jupyter notebook: it has no list of cells');
  if (typeof nb.nbformat === 'number' && nb.nbformat < 4) {
    throw new Error(`nbformat ${nb.nbformat} notebooks are not supported; save it as nbformat 4 first (jupyter nbconvert --to notebook)`);
  }
  const bad = nb.cells.findIndex((c) => !isObject(c) || typeof c.cell_type !== 'string');
  if (bad >= 0) throw new Error(`cell ${bad + 1} has no cell_type`);
  return nb.cells as JsonObject[];
}

/** Jupyter → Zeppelin note content; the caller gives it an id and a path (`name` unless the user chose one). */
export function ipynbToNote(nb: JsonObject, user = 'anonymous'): ImportedNotebook {
  const cells = checkNotebook(nb);
  const meta = isObject(nb.metadata) ? nb.metadata : {};
  const name = typeof meta.title === 'string' && meta.title !== '' ? meta.title : `Note converted from Jupyter_${randomBytes(4).toString('hex').toUpperCase()}`;
  const group = kernelToGroup(meta);
  const now = new Date();
  let outputs = 0;
  const paragraphs = cells.map((cell, i) => {
    const source = joinSource(cell.source);
    const p = newParagraph(user, undefined, new Date(now.getTime() + i));
    // A notebook's outputs come without run times: none are invented, so the page shows no "Took 0 seconds".
    p.status = 'FINISHED';
    if (cell.cell_type === 'code') outputs += fillCode(p, cell, group, source);
    else if (cell.cell_type === 'markdown' || cell.cell_type === 'heading') fillMarkdown(p, cell, source);
    else {
      p.text = `\n${source}`;
      p.config = { jupyter: cellKeep(cell) as unknown as JsonObject };
    }
    return reorder(p);
  });
  return { name, defaultInterpreterGroup: group, paragraphs, cells: cells.length, outputs };
}

/** Gson's paragraph key order, since the fields above were assigned after creation. */
function reorder(p: Paragraph): Paragraph {
  const order = ['title', 'text', 'user', 'dateUpdated', 'progress', 'config', 'settings', 'results', 'apps', 'runtimeInfos', 'progressUpdateIntervalMs', 'jobName', 'id', 'dateCreated', 'dateStarted', 'dateFinished', 'status'];
  const out: Record<string, unknown> = {};
  for (const k of order) if (k in p) out[k] = p[k];
  for (const k of Object.keys(p)) if (!(k in out)) out[k] = p[k];
  return out as Paragraph;
}
