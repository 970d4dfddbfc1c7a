/**
 * `%<group>.conf` paragraphs (Zeppelin's ConfInterpreter): the paragraph's text, in Java's `.properties` format,
 * sets property values for the one interpreter session the paragraph runs in, before that session's interpreters
 * start. The setting itself (interpreter.json) is never changed.
 */
import type { InterpreterProperty, InterpreterSetting } from '../../protocol';
import type { InterpreterSession } from './sessions';
import { propertyValues } from './settings';

const CONF_SUFFIX = '.conf';

/** The group a `%<group>.conf` magic configures, or undefined for any other magic. */
export function confGroup(magic: string): string | undefined {
  return magic.endsWith(CONF_SUFFIX) && magic.length > CONF_SUFFIX.length ? magic.slice(0, -CONF_SUFFIX.length) : undefined;
}

/** Joins lines ending in an odd number of backslashes with the next one, whose leading blanks are dropped. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending: string | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pending === undefined ? raw : pending + raw.replace(/^[ \t\f]+/, '');
    const trailing = /\\*$/.exec(line)?.[0].length ?? 0;
    if (trailing % 2 === 1) {
      pending = line.slice(0, -1);
      continue;
    }
    pending = undefined;
    out.push(line);
  }
  if (pending !== undefined) out.push(pending);
  return out;
}

const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => (c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ESCAPES[c] ?? c));
}

/**
 * Reads `key value`, `key=value` and `key: value` lines the way java.util.Properties does (comments start with
 * `#` or `!`, a backslash escapes a separator or continues the line); keys and values are trimmed, as Zeppelin does.
 */
export function parseConfProperties(text: string): Record<string, string> {
  const props: Record<string, string> = {};
  for (const line of logicalLines(text)) {
    const body = line.replace(/^[ \t\f]+/, '');
    if (body === '' || body.startsWith('#') || body.startsWith('!')) continue;
    let i = 0;
    while (i < body.length && !/[=: \t\f]/.test(body[i])) i += body[i] === '\\' ? 2 : 1;
    const key = body.slice(0, i);
    let rest = body.slice(i).replace(/^[ \t\f]+/, '');
    if (rest.startsWith('=') || rest.startsWith(':')) rest = rest.slice(1).replace(/^[ \t\f]+/, '');
    const name = unescape(key).trim();
    if (name !== '') props[name] = unescape(rest).trim();
  }
  return props;
}

function withValues(setting: InterpreterSetting, values: Record<string, string>): InterpreterSetting {
  const properties: Record<string, InterpreterProperty> = { ...setting.properties };
  for (const [name, value] of Object.entries(values)) {
    const known = properties[name];
    properties[name] = known && typeof known === 'object' ? { ...known, value } : { name, value, type: 'string' };
  }
  return { ...setting, properties };
}

const confTooLate = (group: string): string =>
  `The ${group} interpreter of this session has started already, so its properties can no longer change. `
  + `Put %${group}.conf first, or restart the interpreter.`;

/**
 * Applies a conf paragraph to `session`; answers the error text when it comes too late. Values equal to the ones in
 * force change nothing and are accepted even then, as in Zeppelin, so a note that starts with its conf paragraph
 * can be run again from the top.
 */
export function applyConf(session: InterpreterSession, group: string, script: string): string | undefined {
  const current = propertyValues(session.setting);
  const changes = Object.entries(parseConfProperties(script)).filter(([k, v]) => current[k] !== v);
  if (changes.length === 0) return undefined;
  if (session.started) return confTooLate(group);
  session.setting = withValues(session.setting, Object.fromEntries(changes));
  return undefined;
}
