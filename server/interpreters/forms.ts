/**
 * Template ("SIMPLE") dynamic forms of PROTOCOL 4.5: `${...}` paragraph forms and `$${...}` note forms, parsed
 * into Input definitions and substituted with the current params at run time.
 */
import type { FormInput, FormOption, FormParams } from '../../protocol';

export interface ParsedForms {
  forms: Record<string, FormInput>;
  noteForms: Record<string, FormInput>;
}

interface Occurrence {
  start: number;
  end: number;
  note: boolean;
  form: FormInput;
}

/** Angular objects shadow forms of the same name (their value is substituted and no form is made). */
export type AngularLookup = (name: string) => { found: boolean; value?: unknown };

const noAngular: AngularLookup = () => ({ found: false });

const OCCURRENCE_RE = /(_?)(\$\$?)\{((?:\\.|[^}\\])*)\}/g;
const TYPE_RE = /^(checkbox|password|select|input|textbox)(?:\(([^)]*)\))?:/;

/** Splits on `sep` outside backslash escapes, keeping escapes for the next stage. */
function splitUnescaped(text: string, sep: string, limit = Infinity): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      cur += c + text[++i];
    } else if (c === sep && parts.length < limit - 1) {
      parts.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  parts.push(cur);
  return parts;
}

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');

/** `value(Label)` → option; a trailing unescaped parenthesised part is the label. */
function parseOption(raw: string): FormOption {
  const m = /^((?:\\.|[^(\\])*)\(((?:\\.|[^)\\])*)\)\s*$/.exec(raw.trim());
  if (m) return { value: unescape(m[1].trim()), displayName: unescape(m[2]) };
  return { value: unescape(raw.trim()) };
}

function parseBody(body: string, hidden: boolean): FormInput | undefined {
  let rest = body;
  let kind = '';
  let argument: string | undefined;
  const t = TYPE_RE.exec(rest);
  if (t) {
    kind = t[1];
    argument = t[2];
    rest = rest.slice(t[0].length);
  }
  const [head, tail] = splitUnescaped(rest, '=', 2);
  const label = /^([^(]*)\((.*)\)\s*$/.exec(head);
  const name = (label ? label[1] : head).trim();
  if (name === '' || name === 'pql') return undefined;
  const displayName = label ? label[2] : name;
  const base = { name, displayName, hidden };
  if (kind === 'password') return { type: 'Password', ...base, defaultValue: '' };
  const [defaults, optionText] = tail === undefined ? [undefined, undefined] : splitUnescaped(tail, ',', 2);
  const options = optionText === undefined ? undefined : splitUnescaped(optionText, '|').filter((o) => o.trim() !== '').map(parseOption);
  if (kind === 'checkbox') {
    const defaultValue = defaults === undefined || defaults.trim() === '' ? [] : splitUnescaped(defaults, '|').map((d) => unescape(d.trim()));
    return { type: 'CheckBox', ...base, defaultValue, options: options ?? [], ...(argument !== undefined ? { argument } : {}) };
  }
  const defaultValue = defaults === undefined ? undefined : unescape(defaults.trim());
  if (options || kind === 'select') {
    return { type: 'Select', ...base, ...(defaultValue !== undefined ? { defaultValue } : {}), options: options ?? [] };
  }
  return { type: 'TextBox', ...base, ...(defaultValue !== undefined ? { defaultValue } : {}) };
}

function occurrences(script: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const m of script.matchAll(OCCURRENCE_RE)) {
    const form = parseBody(m[3], m[1] === '_');
    if (form) out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, note: m[2] === '$$', form });
  }
  return out;
}

export function parseForms(script: string, angular: AngularLookup = noAngular): ParsedForms {
  const forms: Record<string, FormInput> = {};
  const noteForms: Record<string, FormInput> = {};
  for (const o of occurrences(script)) {
    if (angular(o.form.name).found) continue;
    const target = o.note ? noteForms : forms;
    if (!(o.form.name in target)) target[o.form.name] = o.form;
  }
  return { forms, noteForms };
}

const asString = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The checked values of a checkbox: values that are not options are dropped, unless none is an option, in which
 * case all are kept (PROTOCOL 4.5).
 */
export function cleanChecked(form: FormInput & { type: 'CheckBox' }, raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw.map(asString) : raw === undefined || raw === null ? [...(form.defaultValue ?? [])] : [asString(raw)];
  const valid = new Set(form.options.map((o) => o.value));
  const kept = values.filter((v) => valid.has(v));
  return kept.length === 0 ? values : kept;
}

export interface Substituted {
  script: string;
  /** Params with checkbox values cleaned, to be written back to the paragraph / note. */
  params: FormParams;
  noteParams: FormParams;
}

export function substituteForms(script: string, params: FormParams, noteParams: FormParams, angular: AngularLookup = noAngular): Substituted {
  const outParams: FormParams = { ...params };
  const outNote: FormParams = { ...noteParams };
  let result = '';
  let last = 0;
  for (const o of occurrences(script)) {
    result += script.slice(last, o.start);
    last = o.end;
    const shadow = angular(o.form.name);
    if (shadow.found) {
      result += asString(shadow.value);
      continue;
    }
    const store = o.note ? outNote : outParams;
    const given = store[o.form.name];
    if (o.form.type === 'CheckBox') {
      const checked = cleanChecked(o.form, given);
      if (given !== undefined) store[o.form.name] = checked;
      result += checked.join(o.form.argument ?? ',');
    } else {
      result += given === undefined ? (o.form.defaultValue ?? '') : asString(given);
    }
  }
  return { script: result + script.slice(last), params: outParams, noteParams: outNote };
}
