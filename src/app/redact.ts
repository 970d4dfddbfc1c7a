/**
 * Secrets kept out of the action log, at capture: the log stores a copy of each action, and checksums its states,
 * with every secret replaced by REDACTED, so a downloaded support log never carries one.
 *
 * Notes:
 * - Rules that hold wherever the shape appears (in frames, sends, intents and the state alike):
 *   - dynamic form values of type password: `{forms, params}` (a paragraph's settings, SAVE_NOTE_FORMS),
 *     `{noteForms, noteParams}` (a note) and `{passwords, params, noteParams}` (a paragraph's `lastRun`);
 *   - interpreter properties of type password: `{type: "password", value}` (and a template's `defaultValue`);
 *   - fields named `password` or `proxyPassword` (Maven repository forms, credentials).
 * - Some actions carry form values without the forms beside them (a run's `params`, a form change, a note form
 *   save); which of those are passwords is read from the state the action is applied to, and from the paragraph
 *   text in the action (`${password:name}`).
 * - The same rules applied to an action and to the state give the same result, so replaying the redacted actions
 *   from the redacted start state reaches the redacted end state, and checksums agree.
 * - Login passwords and typed credential passwords travel in non-enumerable fields, which no copy keeps; the ticket
 *   never enters the store.
 * - Untouched parts are shared with the original (a redacted copy costs only the paths it changed); states and
 *   actions are remembered by identity (a node's redaction depends on the node alone), so redacting the next state
 *   costs only what the last action replaced, and a NOTE's paragraphs, stored as they came, are walked once.
 * - With a work budget a walk stops when it is spent (workBudget.ts) and is resumed by redacting the same value again.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../slices/rootReducer';
import { checkBudget, type WorkBudget } from './workBudget';

export const REDACTED = '[redacted]';

// Bound once: inside a vm context (jest) every global lookup goes through the context's interceptor.
const entriesOf = Object.entries;
const isArray = Array.isArray;
const isEnumerable = Object.prototype.propertyIsEnumerable;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !isArray(v);

const SECRET_KEYS = new Set(['password', 'proxyPassword']);

/** Names of a form map's password fields (Zeppelin serialises the form type as `Password`). */
function passwordForms(forms: unknown): string[] {
  if (!isObj(forms)) return [];
  return entriesOf(forms).filter(([, f]) => isObj(f) && typeof f.type === 'string' && f.type.toLowerCase() === 'password').map(([name]) => name);
}

/** Password form names written in a paragraph's text: `${password:name}`, `${password(label):name}`, `$${…}`. */
export function passwordFormsInText(text: unknown): string[] {
  if (typeof text !== 'string' || !text.includes('password')) return [];
  return [...text.matchAll(/\$\{password(?:\([^)]*\))?:([^=}|,]+)/g)].map((m) => m[1].trim());
}

const masked = (v: unknown): unknown => (typeof v === 'string' && v === '' ? v : v === undefined || v === null ? v : REDACTED);

/** `params` with the named fields masked; the same object when none is set. */
function maskParams(params: unknown, names: readonly string[]): unknown {
  if (!isObj(params) || names.length === 0) return params;
  let out: Obj | null = null;
  for (const name of names) {
    if (!(name in params)) continue;
    const m = masked(params[name]);
    if (m === params[name]) continue;
    out ??= { ...params };
    out[name] = m;
  }
  return out ?? params;
}

/** The secrets an object holds by its own shape, masked (children are handled by the walk). */
function maskNode(o: Obj): Obj {
  let out: Obj | null = null;
  const set = (k: string, v: unknown) => {
    if (v === o[k]) return;
    out ??= { ...o };
    out[k] = v;
  };
  if ('forms' in o && 'params' in o) set('params', maskParams(o.params, passwordForms(o.forms)));
  if ('noteForms' in o && 'noteParams' in o) set('noteParams', maskParams(o.noteParams, passwordForms(o.noteForms)));
  // A paragraph's `lastRun` carries form values without their forms, and names the password ones instead.
  if (isArray(o.passwords)) {
    const names = o.passwords.filter((n): n is string => typeof n === 'string');
    for (const k of ['params', 'noteParams']) if (k in o) set(k, maskParams((out ?? o)[k], names));
  }
  if (o.type === 'password') {
    if ('value' in o) set('value', masked(o.value));
    if ('defaultValue' in o) set('defaultValue', masked(o.defaultValue));
  }
  // Non-enumerable secrets (the login and credential forms) never reach JSON, so they are left as they are.
  for (const k of SECRET_KEYS) if (isEnumerable.call(o, k) && typeof o[k] === 'string') set(k, masked(o[k]));
  return out ?? o;
}

export interface Redactor {
  /** The state with its secrets masked (remembered by identity). Stops with OUT_OF_TIME when `budget` is spent. */
  state<S>(s: S, budget?: WorkBudget): S;
  /** The action as the log keeps it, given the state it is applied to. */
  action(a: UnknownAction, before: RootState, budget?: WorkBudget): UnknownAction;
}

export function createRedactor(): Redactor {
  const memo = new WeakMap<object, unknown>();
  let budget: WorkBudget | undefined;

  function walk(v: unknown): unknown {
    if (typeof v !== 'object' || v === null) return v;
    const known = memo.get(v);
    if (known !== undefined) return known;
    checkBudget(budget);
    let out: unknown;
    if (isArray(v)) {
      let copy: unknown[] | null = null;
      v.forEach((x, i) => {
        const r = walk(x);
        if (r !== x) (copy ??= [...v])[i] = r;
      });
      out = copy ?? v;
    } else {
      const node = maskNode(v as Obj);
      let copy: Obj | null = node === v ? null : node;
      for (const [k, x] of entriesOf(node)) {
        const r = walk(x);
        if (r !== x) (copy ??= { ...node })[k] = r;
      }
      out = copy ?? v;
    }
    memo.set(v, out);
    return out;
  }

  function within<T>(b: WorkBudget | undefined, run: () => T): T {
    budget = b;
    try {
      return run();
    } finally {
      budget = undefined;
    }
  }

  return {
    state: <S,>(s: S, b?: WorkBudget) => within(b, () => walk(s) as S),
    action: (a, before, b) => within(b, () => walk(withContext(a, before)) as UnknownAction),
  };
}

/** Password names of a paragraph: its forms in the state, and those its text (in the payload or the state) declares. */
function paragraphPasswords(s: RootState, id: unknown, text?: unknown): string[] {
  const p = typeof id === 'string' ? s.paragraphs.entities[id] : undefined;
  return [...passwordForms(p?.settings?.forms), ...passwordFormsInText(text), ...passwordFormsInText(p?.text)];
}

function notePasswords(s: RootState, noteId: unknown): string[] {
  const id = typeof noteId === 'string' ? noteId : s.notes.openNoteId;
  return id ? passwordForms(s.notes.byId[id]?.noteForms) : [];
}

/** The action with `payload[key]` replaced, or the action itself when the value did not change. */
const withField = (a: UnknownAction, key: string, value: unknown): UnknownAction =>
  value === (a.payload as Obj)[key] ? a : { ...a, payload: { ...(a.payload as Obj), [key]: value } };

/** Masks form values that an action carries without their forms. */
function withContext(a: UnknownAction, s: RootState): UnknownAction {
  const p = a.payload;
  if (!isObj(p)) return a;
  switch (a.type) {
    case 'ws/send/COMMIT_PARAGRAPH':
    case 'ws/send/RUN_PARAGRAPH':
    case 'ws/send/PARAGRAPH_EXECUTED_BY_SPELL':
    case 'ws/send/COPY_PARAGRAPH':
    case 'notePage/paramsChanged':
      return withField(a, 'params', maskParams(p.params, paragraphPasswords(s, p.id, p.paragraph)));
    case 'ws/send/RUN_ALL_PARAGRAPHS': {
      if (typeof p.paragraphs !== 'string') return a;
      let entries: unknown;
      try {
        entries = JSON.parse(p.paragraphs);
      } catch {
        return a;
      }
      if (!Array.isArray(entries)) return a;
      let changed = false;
      const safe = entries.map((e: unknown) => {
        if (!isObj(e)) return e;
        const params = maskParams(e.params, paragraphPasswords(s, e.id, e.paragraph));
        if (params === e.params) return e;
        changed = true;
        return { ...e, params };
      });
      return changed ? withField(a, 'paragraphs', JSON.stringify(safe)) : a;
    }
    case 'ws/send/SAVE_NOTE_FORMS':
      return withField(a, 'noteParams', maskParams(p.noteParams, notePasswords(s, p.noteId)));
    case 'notePage/noteParamsChanged':
      return withField(a, 'params', maskParams(p.params, notePasswords(s, undefined)));
    default:
      return a;
  }
}
