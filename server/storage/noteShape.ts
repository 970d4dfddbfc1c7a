/**
 * The shape a note must have before the server keeps it: every field the server reads has the JSON type it
 * expects. A note file of the wrong shape is skipped at load (never rewritten) and an imported one is refused, so
 * a single bad note can never stop the server or break a list, a search or a schedule for everyone.
 *
 * Gson leaves nulls out of the files it writes, so a `null` field counts as absent and is dropped.
 */
import * as v from 'valibot';
import { isObject, type Note } from '../../protocol';

const str = v.nullish(v.string('a string'));
const num = v.nullish(v.number('a number'));
const obj = v.nullish(v.custom<Record<string, unknown>>(isObject, 'an object'));
const list = v.nullish(v.array(v.unknown(), 'a list'));

const RESULT_MESSAGE = v.looseObject({ type: v.string('a string'), data: v.string('a string') }, 'an object');

const PARAGRAPH = v.looseObject({
  id: str, title: str, text: str, user: str, jobName: str, status: str, errorMessage: str,
  dateUpdated: str, dateCreated: str, dateStarted: str, dateFinished: str, progress: num,
  config: obj, runtimeInfos: obj, apps: list,
  settings: v.nullish(v.looseObject({ params: obj, forms: obj }, 'an object')),
  results: v.nullish(v.looseObject({ code: str, msg: v.nullish(v.array(RESULT_MESSAGE, 'a list')) }, 'an object')),
}, 'an object');

const NOTE = v.looseObject({
  name: str, defaultInterpreterGroup: str, version: str,
  noteParams: obj, noteForms: obj, angularObjects: obj, config: obj, info: obj,
  paragraphs: v.nullish(v.array(PARAGRAPH, 'a list of paragraphs')),
}, 'an object');

const dropNulls = (o: Record<string, unknown>): void => {
  for (const [k, value] of Object.entries(o)) if (value === null) delete o[k];
};

/** The first problem with `value` as a note ("paragraphs.0.text must be a string"), or undefined when it is fine. */
export function noteShapeProblem(value: unknown): string | undefined {
  const r = v.safeParse(NOTE, value);
  if (r.success) return undefined;
  const issue = r.issues[0];
  const where = issue.path?.map((p) => String(p.key)).join('.') ?? 'note';
  return `${where} must be ${issue.message}`;
}

/** Checks a parsed note file or import body; returns it with nulls dropped and `paragraphs` present. */
export function checkedNote(value: unknown): Note {
  const problem = noteShapeProblem(value);
  if (problem !== undefined) throw new Error(problem);
  const note = value as Note;
  dropNulls(note);
  note.paragraphs ??= [];
  for (const p of note.paragraphs) dropNulls(p);
  return note;
}
