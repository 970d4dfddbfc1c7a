/** Creating and editing paragraphs in the file flavour (dates as `yyyy-MM-dd HH:mm:ss.SSS`). */
import type { FormParams, Note, Paragraph, ParagraphConfig } from '../../protocol';
import { formatFileDate } from '../util/dates';
import { newParagraphId } from '../util/ids';
import { magicOf, type InterpreterRegistry } from '../interpreters/settings';
import { PARAGRAPH_ORDER, setOrdered } from './fields';

export function newParagraph(user: string, text?: string, now = new Date()): Paragraph {
  const id = newParagraphId(now.getTime());
  const stamp = formatFileDate(now);
  // Field order is Gson's; `text` stays absent when there is no magic to inherit (PROTOCOL 4.2).
  const p: Paragraph = {
    ...(text !== undefined ? { text } : {}),
    user,
    dateUpdated: stamp,
    progress: 0,
    config: {},
    settings: { params: {}, forms: {} },
    apps: [],
    runtimeInfos: {},
    progressUpdateIntervalMs: 500,
    jobName: id,
    id,
    dateCreated: stamp,
    status: 'READY',
  } as Paragraph;
  return p;
}

/** Text for a paragraph the server inserts: the magic of the paragraph above, when it resolves (PROTOCOL 5.3). */
export function inheritedText(note: Note, index: number, interpreters: InterpreterRegistry): string | undefined {
  const source = note.paragraphs[index > 0 ? index - 1 : 0];
  const magic = magicOf(source?.text);
  if (!magic || !interpreters.resolve(magic, note.defaultInterpreterGroup)) return undefined;
  return `%${magic}\n`;
}

export const setParagraphField = (p: Paragraph, key: string, value: unknown): void => setOrdered(p, key, value, PARAGRAPH_ORDER);

/** COMMIT_PARAGRAPH semantics: params replaced, config merged shallowly, title/text set (text bumps dateUpdated). */
export function commitParagraph(p: Paragraph, change: { title?: string; text: string; params?: FormParams; config?: ParagraphConfig }, now = new Date()): void {
  if (change.params) {
    const settings = (p.settings ?? {}) as NonNullable<Paragraph['settings']>;
    settings.params = { ...change.params };
    if (!settings.forms) settings.forms = {};
    setParagraphField(p, 'settings', settings);
  }
  if (change.config) setParagraphField(p, 'config', { ...(p.config ?? {}), ...change.config });
  if (change.title !== undefined) setParagraphField(p, 'title', change.title);
  setText(p, change.text, now);
}

export function setText(p: Paragraph, text: string, now = new Date()): void {
  if (p.text === text) return;
  setParagraphField(p, 'text', text);
  setParagraphField(p, 'dateUpdated', formatFileDate(now));
}

export function clearOutput(p: Paragraph): void {
  delete p.results;
  setParagraphField(p, 'runtimeInfos', {});
}

export function findParagraph(note: Note, id: string): { paragraph: Paragraph; index: number } | undefined {
  const index = note.paragraphs.findIndex((p) => p.id === id);
  return index < 0 ? undefined : { paragraph: note.paragraphs[index], index };
}

/** Imported and cloned paragraphs keep their id but get a fresh job name (PROTOCOL 4.2). */
export function withNewJobName(p: Paragraph, now = Date.now()): Paragraph {
  const copy = structuredClone(p);
  copy.jobName = newParagraphId(now);
  return copy;
}
