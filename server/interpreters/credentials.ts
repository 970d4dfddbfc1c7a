/**
 * Credentials used from interpreters (PROTOCOL 4.7): `{<entity>.user}` and `{<entity>.password}` are filled from
 * the running user's credential store, at run time only, so secrets stay out of interpreter.json, notes and logs.
 *
 * - In a paragraph's script they are filled when the setting property or the local property `injectCredentials`
 *   is true (Zeppelin's rule).
 * - Setting properties named like environment variables (`DB_USER`, upper case, digits and `_`) are passed to the
 *   interpreter's process as its environment, as Zeppelin does; placeholders in their values are filled for the
 *   running user.
 * - Every password that was filled is masked in the run's output.
 */
import type { InterpreterProperty } from '../../protocol';
import type { CredentialMap } from '../admin/credentialStore';

const PLACEHOLDER = /\{([^{}\s]+)\.(user|password)\}/g;
export const ENV_PROPERTY = /^[A-Z_][A-Z0-9_]*$/;
export const PASSWORD_MASK = '###';

export const hasPlaceholder = (text: string): boolean => new RegExp(PLACEHOLDER.source).test(text);

/** Fills known entities; unknown ones stay as typed, so a typo shows up in the output instead of an empty value. */
export function fillCredentials(text: string, creds: CredentialMap, usedPasswords: Set<string>): string {
  return text.replace(PLACEHOLDER, (whole, entity: string, field: string) => {
    const c = Object.prototype.hasOwnProperty.call(creds, entity) ? creds[entity] : undefined;
    if (!c) return whole;
    if (field === 'user') return c.username;
    if (c.password) usedPasswords.add(c.password);
    return c.password;
  });
}

const isOn = (v: unknown, key: string): boolean => v === true || v === 'true' || v === key;

export function injectionWanted(properties: Record<string, InterpreterProperty>, local: Record<string, string>): boolean {
  return isOn(properties.injectCredentials?.value, 'injectCredentials') || isOn(local.injectCredentials, 'injectCredentials');
}

/** The setting's environment-style properties; true when one of them references a credential. */
export function envProperties(properties: Record<string, InterpreterProperty>): { env: Record<string, string>; references: boolean } {
  const env: Record<string, string> = {};
  let references = false;
  for (const [k, p] of Object.entries(properties)) {
    if (!ENV_PROPERTY.test(k) || !p || typeof p !== 'object') continue;
    env[k] = String(p.value ?? '');
    if (hasPlaceholder(env[k])) references = true;
  }
  return { env, references };
}

export function maskPasswords(text: string, passwords: ReadonlySet<string>): string {
  let out = text;
  for (const pw of passwords) if (pw) out = out.split(pw).join(PASSWORD_MASK);
  return out;
}
