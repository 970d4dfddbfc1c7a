/** Table export: CSV and TSV text of what the grid shows, and the download file name. */
import { saveTextFile } from '../../app/download';
import { formatDate } from '../../../slices/domain/dates';
import type { Cell } from '../types';

export type ExportFormat = 'csv' | 'tsv';

function csvField(v: Cell | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// A tab or newline inside a TSV cell would shift every later column; a space keeps the shape.
const tsvField = (v: Cell | null | undefined): string => (v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]/g, ' '));

export function toDelimited(header: readonly string[], rows: readonly (readonly (Cell | null | undefined)[])[], format: ExportFormat): string {
  const field = format === 'csv' ? csvField : tsvField;
  const sep = format === 'csv' ? ',' : '\t';
  const lines = [header.map((h) => field(h)).join(sep)];
  for (const row of rows) lines.push(row.map(field).join(sep));
  return lines.join('\n') + '\n';
}

export const FINISH_TIME_FORMAT = 'YYYY-MM-DD_HH-mm-ss';

/** `{title or "data"}_{finish time}.{ext}`; without a finish time only the base name. */
export function exportFileName(title: string | undefined, dateFinished: string | undefined, format: ExportFormat): string {
  const base = (title ?? '').trim().replace(/[\\/:*?"<>|]+/g, '_') || 'data';
  const when = dateFinished ? formatDate(dateFinished, FINISH_TIME_FORMAT) : '';
  return `${base}${when ? `_${when}` : ''}.${format}`;
}

export const COPIED = 'Copied!';
export const COPY_NOT_SUPPORTED = 'Not supported browser';

/** Puts text on the clipboard; the answer is the tooltip to show. */
export async function copyText(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard): Promise<string> {
  if (!clipboard) return COPY_NOT_SUPPORTED;
  try {
    await clipboard.writeText(text);
    return COPIED;
  } catch {
    return COPY_NOT_SUPPORTED;
  }
}

/** Starts a browser download of `text` as `fileName`. */
export function downloadText(text: string, fileName: string, format: ExportFormat): void {
  saveTextFile(fileName, text, format === 'csv' ? 'text/csv;charset=utf-8' : 'text/tab-separated-values;charset=utf-8');
}
