/**
 * What a registry entry's `artifact` names (PROTOCOL 4.8): `name@version` is an npm package, anything without an `@`
 * after its first character is a local package folder (absolute, or relative to the registry folder it came from).
 */
import { isAbsolute, resolve } from 'node:path';

export type Artifact =
  | { kind: 'npm'; name: string; version: string }
  | { kind: 'local'; dir: string };

export function parseArtifact(artifact: string, baseDir: string): Artifact {
  const at = artifact.lastIndexOf('@');
  if (at > 0) return { kind: 'npm', name: artifact.slice(0, at), version: artifact.slice(at + 1) };
  return { kind: 'local', dir: isAbsolute(artifact) ? artifact : resolve(baseDir, artifact) };
}

/** A file-name-safe form of a package name (`@scope/x` → `@scope+x`). */
export const safeName = (name: string): string => name.replace(/[/\\]/g, '+').replace(/[^\w@.+-]/g, '_');
