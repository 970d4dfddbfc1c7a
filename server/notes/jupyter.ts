/** Jupyter conversion both ways (PROTOCOL 5.10). */
import { randomBytes } from 'node:crypto';
import type { JsonObject, JsonValue, Note, Paragraph, ResultMessage } from '../../protocol';
import { formatFileDate } from '../util/dates';
import { newParagraph } from './paragraphs';

type Cell = { cell_type: string; metadata: JsonObject; source: string; execution_count?: number | null; outputs?: JsonObject[] };

/** nbformat 4.2 export: markdown cells for `%md` paragraphs, code cells (magic kept) for the rest, no outputs. */
export function noteToIpynb(note: Note): JsonObject {
  const cells: Cell[] = [];
  let count = 0;
  for (const p of note.paragraphs) {
    const text = (p.text ?? '').replace(/^ +/, '');
    if (text.trim() === '') continue;
    const md = /^%md\s/.exec(text);
    if (md) {
      cells.push({ cell_type: 'markdown', metadata: {}, source: text.slice(md[0].length) });
    } else {
      count += 1;
      cells.push({ cell_type: 'code', execution_count: count, metadata: { autoscroll: 'auto' }, outputs: [], source: text });
    }
  }
  // Zeppelin declares its Scala kernel whatever the note contains; kept so exports match what Zeppelin produces.
  return {
    metadata: {
      name: note.name ?? '',
      kernelspec: { language: 'scala', name: 'spark2-scala', display_name: 'Zeppelin' },
      language_info: { codemirror_mode: 'text/x-scala', file_extension: '.scala', mimetype: 'text/x-scala', name: 'scala', pygments_lexer: 'scala' },
    },
    nbformat: 4,
    nbformat_minor: 2,
    cells: cells as unknown as JsonValue[],
  };
}

const joinSource = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('') : typeof v === 'string' ? v : '');

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A deliberately small markdown rendering for imported markdown cells (headings, paragraphs, code fences); the
 * markdown interpreter re-renders properly when the paragraph is run.
 */
export function renderMarkdownPreview(src: string): string {
  const blocks = src.split(/\n{2,}/).map((b) => b.trim()).filter((b) => b !== '');
  const html = blocks.map((b) => {
    const heading = /^(#{1,6})\s+(.*)$/s.exec(b);
    if (heading) return `<h${heading[1].length}>${escapeHtml(heading[2])}</h${heading[1].length}>`;
    const fence = /^```[^\n]*\n([\s\S]*?)\n?```$/.exec(b);
    if (fence) return `<pre><code>${escapeHtml(fence[1])}</code></pre>`;
    return `<p>${escapeHtml(b)}</p>`;
  });
  return `<div class="markdown-body">\n${html.join('\n')}\n</div>`;
}

function convertOutput(out: JsonObject): { msg?: ResultMessage; error: boolean } {
  const kind = out.output_type;
  if (kind === 'stream') return { msg: { type: 'TEXT', data: joinSource(out.text) }, error: out.name === 'stderr' };
  if (kind === 'error') {
    const tb = Array.isArray(out.traceback) ? out.traceback.map(String).join('\n') : `${String(out.ename)}: ${String(out.evalue)}`;
    return { msg: { type: 'TEXT', data: tb }, error: false };
  }
  if (kind === 'execute_result' || kind === 'display_data') {
    const data = (out.data ?? {}) as JsonObject;
    if (data['image/png'] !== undefined) {
      const b64 = joinSource(data['image/png']).replace(/\n/g, '');
      return { msg: { type: 'HTML', data: `<div style='width:auto;height:auto'><img src=data:image/png;base64,${b64} style='width=auto;height:auto'/></div>` }, error: false };
    }
    if (data['text/html'] !== undefined) return { msg: { type: 'HTML', data: joinSource(data['text/html']) }, error: false };
    if (data['text/latex'] !== undefined) return { msg: { type: 'HTML', data: `<div>${joinSource(data['text/latex'])}</div>` }, error: false };
    if (data['application/javascript'] !== undefined) return { msg: { type: 'HTML', data: `<script>${joinSource(data['application/javascript'])}</script>` }, error: false };
    if (data['text/plain'] !== undefined) return { msg: { type: 'TEXT', data: joinSource(data['text/plain']) }, error: false };
  }
  return { error: false };
}

/** Jupyter → Zeppelin note JSON (file flavour); the caller gives it an id and path. */
export function ipynbToNote(nb: JsonObject, user = 'anonymous'): { name: string; paragraphs: Paragraph[] } {
  const meta = (nb.metadata ?? {}) as JsonObject;
  const name = typeof meta.title === 'string' && meta.title !== '' ? meta.title : `Note converted from Jupyter_${randomBytes(4).toString('hex').toUpperCase()}`;
  const cells = Array.isArray(nb.cells) ? (nb.cells.filter((c) => typeof c === 'object' && c !== null && !Array.isArray(c)) as JsonObject[]) : [];
  const now = new Date();
  const stamp = formatFileDate(now);
  const paragraphs = cells.map((cell, i) => {
    const source = joinSource(cell.source);
    const p = newParagraph(user, undefined, new Date(now.getTime() + i));
    p.status = 'FINISHED';
    p.dateStarted = stamp;
    p.dateFinished = stamp;
    if (cell.cell_type === 'code') {
      const converted = (Array.isArray(cell.outputs) ? (cell.outputs as JsonObject[]) : []).map(convertOutput);
      p.text = `%python\n${source}`;
      p.config = { editorSetting: { language: 'python', editOnDblClick: false }, editorMode: 'ace/mode/python' };
      const msg = converted.flatMap((c) => (c.msg ? [c.msg] : []));
      p.results = { code: converted.some((c) => c.error) ? 'ERROR' : 'SUCCESS', msg };
    } else if (cell.cell_type === 'markdown' || cell.cell_type === 'heading') {
      p.text = `%md\n${source}`;
      p.config = { editorHide: true, editorSetting: { language: 'markdown', editOnDblClick: true }, editorMode: 'ace/mode/markdown' };
      p.results = { code: 'SUCCESS', msg: [{ type: 'HTML', data: renderMarkdownPreview(source) }] };
    } else {
      p.text = `\n${source}`;
    }
    return reorder(p);
  });
  return { name, paragraphs };
}

/** Gson's paragraph key order, since the fields above were assigned after creation. */
function reorder(p: Paragraph): Paragraph {
  const order = ['title', 'text', 'user', 'dateUpdated', 'progress', 'config', 'settings', 'results', 'apps', 'runtimeInfos', 'progressUpdateIntervalMs', 'jobName', 'id', 'dateCreated', 'dateStarted', 'dateFinished', 'status'];
  const out: Record<string, unknown> = {};
  for (const k of order) if (k in p) out[k] = p[k];
  for (const k of Object.keys(p)) if (!(k in out)) out[k] = p[k];
  return out as Paragraph;
}

export const isJupyter = (o: JsonObject): boolean => Array.isArray(o.cells);
