/**
 * Maven repositories interpreters would download dependencies from (PROTOCOL 3.5), kept in interpreter.json's
 * `interpreterRepositories` like Zeppelin. `central` and `local` always exist and cannot be removed.
 *
 * Passwords (repository and proxy) are stored so the configuration is complete, but never sent back by GET.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ZeppelinError } from '../util/errors';
import { readInterpreterDocument, writeInterpreterDocument } from './settings';

export interface RepositoryPolicy {
  enabled: boolean;
  updatePolicy: string;
  checksumPolicy: string;
}

export interface StoredRepository {
  id: string;
  type: 'default';
  url: string;
  releasePolicy: RepositoryPolicy;
  snapshotPolicy: RepositoryPolicy;
  mirroredRepositories: never[];
  repositoryManager: boolean;
  authentication?: { username: string; password?: string };
  proxy?: { type: 'HTTP' | 'HTTPS'; host: string; port: number; authentication?: { username: string; password?: string } };
}

export const DEFAULT_REPOSITORY_IDS = ['central', 'local'] as const;
const ID_PATTERN = /^[a-zA-Z0-9._-]+$/;
const bad = (m: string): ZeppelinError => new ZeppelinError(m, 'BAD_REQUEST');

const policy = (enabled: boolean): RepositoryPolicy => ({ enabled, updatePolicy: 'daily', checksumPolicy: 'warn' });

function repository(id: string, url: string, snapshot: boolean): StoredRepository {
  return { id, type: 'default', url, releasePolicy: policy(true), snapshotPolicy: policy(snapshot), mirroredRepositories: [], repositoryManager: false };
}

function defaults(): StoredRepository[] {
  return [
    repository('central', 'https://repo1.maven.org/maven2/', false),
    repository('local', pathToFileURL(join(homedir(), '.m2', 'repository')).href, false),
  ];
}

/** What GET answers: no password of any kind. */
function publicView(r: StoredRepository): StoredRepository {
  const out: StoredRepository = { ...r };
  if (r.authentication) out.authentication = { username: r.authentication.username };
  if (r.proxy) {
    const { authentication, ...proxy } = r.proxy;
    out.proxy = authentication ? { ...proxy, authentication: { username: authentication.username } } : proxy;
  }
  return out;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A POST body (`{id, url, snapshot, username?, password?, proxy*}`) checked and turned into a stored repository. */
export function repositoryFromRequest(body: unknown): StoredRepository {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('The request body must be a JSON object with id and url');
  const b = body as Record<string, unknown>;
  const id = str(b.id);
  if (!ID_PATTERN.test(id)) throw bad('Repository id must not be empty and can consist only of: a-zA-Z0-9._-');
  const url = str(b.url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad(`Repository url is not a valid URL: ${url || '(empty)'}`);
  }
  if (!['http:', 'https:', 'file:'].includes(parsed.protocol)) throw bad('Repository url must start with http://, https:// or file://');
  if (b.snapshot !== undefined && b.snapshot !== null && typeof b.snapshot !== 'boolean' && b.snapshot !== 'true' && b.snapshot !== 'false') {
    throw bad('snapshot must be true or false');
  }
  const repo = repository(id, url, b.snapshot === true || b.snapshot === 'true');
  const username = str(b.username);
  if (username) repo.authentication = { username, password: typeof b.password === 'string' ? b.password : '' };
  const proxyHost = str(b.proxyHost);
  if (proxyHost) {
    const protocol = (str(b.proxyProtocol) || 'HTTP').toUpperCase();
    if (protocol !== 'HTTP' && protocol !== 'HTTPS') throw bad('proxyProtocol must be HTTP or HTTPS');
    const port = Number(b.proxyPort);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('proxyPort must be a port number (1-65535)');
    repo.proxy = { type: protocol, host: proxyHost, port };
    const login = str(b.proxyLogin);
    if (login) repo.proxy.authentication = { username: login, password: typeof b.proxyPassword === 'string' ? b.proxyPassword : '' };
  } else if (str(b.proxyPort) || str(b.proxyLogin)) {
    throw bad('proxyHost is required when a proxy port or login is given');
  }
  return repo;
}

export class RepositoryStore {
  constructor(private readonly confDir: string) {}

  private stored(): StoredRepository[] {
    const list = readInterpreterDocument(this.confDir).interpreterRepositories;
    const mine = Array.isArray(list) ? (list as StoredRepository[]).filter((r) => r && typeof r.id === 'string' && typeof r.url === 'string') : [];
    const byId = new Map(defaults().map((r) => [r.id, r]));
    for (const r of mine) byId.set(r.id, r);
    return [...byId.values()];
  }

  list(): StoredRepository[] {
    return this.stored().map(publicView);
  }

  add(repo: StoredRepository): void {
    const all = this.stored();
    if (all.some((r) => r.id === repo.id)) throw new ZeppelinError(`Repository ${repo.id} already exists`, 'CONFLICT');
    writeInterpreterDocument(this.confDir, { interpreterRepositories: [...all, repo] });
  }

  remove(id: string): void {
    if ((DEFAULT_REPOSITORY_IDS as readonly string[]).includes(id)) throw bad(`The default repository ${id} cannot be removed`);
    const all = this.stored();
    if (!all.some((r) => r.id === id)) throw new ZeppelinError(`No such repository: ${id}`, 'NOT_FOUND');
    writeInterpreterDocument(this.confDir, { interpreterRepositories: all.filter((r) => r.id !== id) });
  }
}
