/**
 * The note as it leaves the server. Websocket: dates as `yyyy-MM-dd'T'HH:mm:ssZ` plus `path` (PROTOCOL 1.10).
 * REST: Gson's US date style and forms without their `type` field. The stored note is never modified.
 */
import type { FormInput, Note, Paragraph } from '../../protocol';
import { liveRuns } from '../execution/live';
import { fileDateToRest, fileDateToWs } from '../util/dates';

const DATE_FIELDS = ['dateUpdated', 'dateCreated', 'dateStarted', 'dateFinished'] as const;

function convertDates(p: Paragraph, convert: (s: string) => string): Paragraph {
  const out: Paragraph = { ...p };
  for (const f of DATE_FIELDS) {
    const v = p[f];
    if (typeof v === 'string') out[f] = convert(v);
  }
  return out;
}

/** `isRunning` is the live state of a sequential run, whatever a stored file says. */
function runtimeInfo(note: Note): Note['info'] {
  const live = liveRuns.has(note.id);
  if (!live && (!note.info || note.info.isRunning === undefined)) return note.info;
  return { ...(note.info ?? {}), isRunning: live };
}

export const toWsParagraph = (p: Paragraph): Paragraph => convertDates(p, fileDateToWs);

export function toWsNote(note: Note, path: string): Note {
  return { ...note, paragraphs: note.paragraphs.map(toWsParagraph), info: runtimeInfo(note), path };
}

function stripFormTypes(forms: Record<string, FormInput> | undefined): Record<string, unknown> | undefined {
  if (!forms) return forms;
  return Object.fromEntries(Object.entries(forms).map(([k, f]) => {
    const { type: _type, ...rest } = f;
    return [k, rest];
  }));
}

export function toRestParagraph(p: Paragraph): Paragraph {
  const out = convertDates(p, fileDateToRest);
  if (p.settings) out.settings = { ...p.settings, forms: stripFormTypes(p.settings.forms) as Record<string, FormInput> };
  return out;
}

export function toRestNote(note: Note, path: string): Note {
  return {
    ...note,
    paragraphs: note.paragraphs.map(toRestParagraph),
    noteForms: stripFormTypes(note.noteForms) as Record<string, FormInput>,
    info: runtimeInfo(note),
    path,
  };
}
