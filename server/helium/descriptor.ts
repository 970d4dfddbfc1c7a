/** A registry entry's descriptor (PROTOCOL 4.8), from a local file or an online registry. */
import type { HeliumPackage } from '../../protocol';

export const PACKAGE_TYPES: ReadonlyArray<HeliumPackage['type']> = ['VISUALIZATION', 'SPELL', 'INTERPRETER', 'APPLICATION', 'NOTEBOOK_REPO'];

const isType = (t: unknown): t is HeliumPackage['type'] => typeof t === 'string' && (PACKAGE_TYPES as readonly string[]).includes(t);

/** A descriptor object as a package; undefined when it is not one. */
export function toPackage(raw: unknown): HeliumPackage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const d = raw as Record<string, unknown>;
  if (typeof d.name !== 'string' || d.name === '' || !isType(d.type)) return undefined;
  const { app: _app, bundle: _bundle, ...rest } = d;
  return { ...rest, artifact: typeof d.artifact === 'string' && d.artifact !== '' ? d.artifact : d.name } as unknown as HeliumPackage;
}

