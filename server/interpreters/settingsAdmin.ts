/**
 * Creating, editing and removing interpreter settings (PROTOCOL 3.5, 4.6): request bodies are checked field by
 * field, so a bad request gets one clear message instead of a half-applied setting.
 *
 * Notes:
 * - A new setting takes its interpreters (InterpreterInfo list) from the group's template; name and group never
 *   change afterwards, as in Zeppelin.
 * - Property values keep their declared type (number, checkbox boolean, text); a value is stored as given text and
 *   never evaluated, whatever it contains.
 * - This server does not download artifacts: a Maven coordinate dependency makes the setting ERROR with a reason
 *   saying so, while local file dependencies are checked for existence.
 */
import { existsSync } from 'node:fs';
import type { InterpreterDependency, InterpreterOption, InterpreterProperty, InterpreterSetting } from '../../protocol';
import { ZeppelinError } from '../util/errors';

export const NAME_PATTERN = /^[-_a-zA-Z0-9]+$/;
export const PROPERTY_TYPES = ['textarea', 'string', 'number', 'url', 'password', 'checkbox'] as const;
const RUN_MODES = ['shared', 'scoped', 'isolated'] as const;

const bad = (message: string): ZeppelinError => new ZeppelinError(message, 'BAD_REQUEST');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One property; `name` defaults to its key, `type` to string. */
function checkProperty(key: string, raw: unknown): InterpreterProperty {
  if (!key.trim()) throw bad('Property names must not be empty');
  // Zeppelin's older clients send bare values; they are strings.
  const p = isObject(raw) ? raw : { value: raw };
  const type = p.type === undefined ? 'string' : p.type;
  if (typeof type !== 'string' || !(PROPERTY_TYPES as readonly string[]).includes(type)) {
    throw bad(`Property ${key}: type must be one of ${PROPERTY_TYPES.join(', ')}`);
  }
  const rawValue = p.value ?? (type === 'checkbox' ? false : '');
  let value: InterpreterProperty['value'];
  if (type === 'checkbox') {
    if (typeof rawValue === 'boolean') value = rawValue;
    else if (rawValue === 'true' || rawValue === 'false') value = rawValue === 'true';
    else throw bad(`Property ${key}: a checkbox value must be true or false`);
  } else if (type === 'number') {
    const text = typeof rawValue === 'number' ? String(rawValue) : rawValue;
    if (typeof text !== 'string' || (text.trim() !== '' && !Number.isFinite(Number(text)))) throw bad(`Property ${key}: value must be a number`);
    // Zeppelin keeps number properties as their text; interpreters parse them.
    value = text.trim();
  } else {
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') throw bad(`Property ${key}: value must be text`);
    value = String(rawValue);
    if (type === 'url' && value !== '' && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) throw bad(`Property ${key}: value must be a URL`);
  }
  const out: InterpreterProperty = { name: key, value, type };
  if (typeof p.description === 'string' && p.description !== '') out.description = p.description;
  return out;
}

export function checkProperties(raw: unknown): Record<string, InterpreterProperty> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw bad('properties must be an object of name to {value, type}');
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.trim(), checkProperty(k, v)]));
}

export function checkDependencies(raw: unknown): InterpreterDependency[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw bad('dependencies must be a list');
  return raw.map((d, i) => {
    if (!isObject(d) || typeof d.groupArtifactVersion !== 'string' || !d.groupArtifactVersion.trim()) {
      throw bad(`Dependency ${i + 1}: groupArtifactVersion must not be empty`);
    }
    const exclusions = d.exclusions === undefined || d.exclusions === null ? [] : d.exclusions;
    if (!Array.isArray(exclusions) || exclusions.some((x) => typeof x !== 'string')) throw bad(`Dependency ${d.groupArtifactVersion}: exclusions must be a list of strings`);
    const gav = d.groupArtifactVersion.trim();
    return { groupArtifactVersion: gav, local: isLocalPath(gav), exclusions: exclusions.map((x: string) => x.trim()).filter(Boolean) };
  });
}

/** A dependency is a local file unless it looks like group:artifact[:extension[:classifier]]:version. */
const isLocalPath = (gav: string): boolean => !/^[^:/\\\s]+(:[^:/\\\s]+){2,4}$/.test(gav);

export function checkOption(raw: unknown, previous?: InterpreterOption): InterpreterOption {
  const base: InterpreterOption = {
    remote: true, port: -1, perNote: 'shared', perUser: 'shared', isExistingProcess: false, setPermission: false, owners: [], isUserImpersonate: false, ...(previous ?? {}),
  };
  if (raw === undefined || raw === null) return base;
  if (!isObject(raw)) throw bad('option must be an object');
  const out: InterpreterOption = { ...base };
  for (const k of ['perNote', 'perUser'] as const) {
    const v = raw[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !(RUN_MODES as readonly string[]).includes(v)) throw bad(`option.${k} must be shared, scoped or isolated`);
    out[k] = v as InterpreterOption['perNote'];
  }
  for (const k of ['isExistingProcess', 'setPermission', 'isUserImpersonate', 'remote'] as const) {
    const v = raw[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean') throw bad(`option.${k} must be true or false`);
    out[k] = v;
  }
  if (raw.owners !== undefined && raw.owners !== null) {
    if (!Array.isArray(raw.owners) || raw.owners.some((o) => typeof o !== 'string')) throw bad('option.owners must be a list of user or role names');
    out.owners = [...new Set(raw.owners.map((o: string) => o.trim()).filter(Boolean))];
  }
  if (typeof raw.host === 'string') out.host = raw.host;
  if (typeof raw.port === 'number' && Number.isInteger(raw.port)) out.port = raw.port;
  return out;
}

/** READY, or ERROR with the reason no dependency could be provided. */
export function dependencyStatus(deps: InterpreterDependency[]): Pick<InterpreterSetting, 'status' | 'errorReason'> {
  for (const d of deps) {
    if (!d.local) {
      return { status: 'ERROR', errorReason: `Cannot download ${d.groupArtifactVersion}: this server does not download artifacts from remote repositories; give a local file path instead` };
    }
    if (!existsSync(d.groupArtifactVersion)) return { status: 'ERROR', errorReason: `Dependency file not found: ${d.groupArtifactVersion}` };
  }
  return { status: 'READY' };
}

/** POST /api/interpreter/setting: a new setting of an existing group. */
export function newSetting(body: unknown, existing: InterpreterSetting[], templates: InterpreterSetting[]): InterpreterSetting {
  if (!isObject(body)) throw bad('The request body must be a JSON object with name and group');
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!NAME_PATTERN.test(name)) throw bad("Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9");
  const group = typeof body.group === 'string' ? body.group.trim() : '';
  if (!group) throw bad('Please choose an interpreter group');
  const template = templates.find((t) => t.group === group);
  if (!template) throw bad(`Interpreter group ${group} does not exist`);
  if (existing.some((s) => s.name === name || s.id === name)) throw new ZeppelinError(`Name ${name} already exists`, 'CONFLICT');
  const dependencies = checkDependencies(body.dependencies);
  return {
    id: name,
    name,
    group,
    properties: checkProperties(body.properties),
    ...dependencyStatus(dependencies),
    interpreterGroup: template.interpreterGroup.map((i) => ({ ...i })),
    dependencies,
    option: checkOption(body.option),
  };
}

/** PUT /api/interpreter/setting/{id}: properties, dependencies and option; omitted parts are kept. */
export function editedSetting(current: InterpreterSetting, body: unknown): InterpreterSetting {
  if (!isObject(body)) throw bad('The request body must be a JSON object with properties, dependencies and option');
  const dependencies = body.dependencies === undefined ? current.dependencies : checkDependencies(body.dependencies);
  const next: InterpreterSetting = {
    ...current,
    properties: body.properties === undefined ? current.properties : checkProperties(body.properties),
    dependencies,
    option: body.option === undefined ? current.option : checkOption(body.option, current.option),
    ...dependencyStatus(dependencies),
  };
  if (next.status !== 'ERROR') delete next.errorReason;
  return next;
}

/** setPermission with a non-empty owner list restricts the setting to those users and roles (PROTOCOL 4.6). */
export function mayUse(setting: InterpreterSetting, user: string, roles: readonly string[] = []): boolean {
  const o = setting.option;
  if (!o?.setPermission || !o.owners || o.owners.length === 0) return true;
  return o.owners.includes(user) || roles.some((r) => o.owners?.includes(r));
}
