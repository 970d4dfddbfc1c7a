/**
 * Per-user data-source credentials (PROTOCOL 4.7), kept encrypted at rest: `credentials.json` in the conf dir holds
 * one AES-256-GCM ciphertext of the whole map, and the 32-byte key lives beside it in `credentials.key` (mode 0600).
 *
 * Notes:
 * - The key file is created on first write, never rotated here; deleting it makes the stored file unreadable,
 *   which is reported rather than silently replaced, so an operator does not lose credentials by accident.
 * - GCM authenticates the ciphertext: a tampered file fails to load instead of decrypting to garbage.
 * - Writes go through atomicWrite and are chained, so concurrent PUTs never tear the file or lose an update.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../storage/atomicWrite';

export interface UserCredential {
  username: string;
  password: string;
}

/** entity → credential, per principal. */
export type CredentialMap = Record<string, UserCredential>;

interface SealedFile {
  version: 1;
  iv: string;
  tag: string;
  data: string;
}

export const CREDENTIALS_FILE = 'credentials.json';
export const CREDENTIALS_KEY_FILE = 'credentials.key';

function loadOrCreateKey(confDir: string, create: boolean): Buffer | undefined {
  const file = join(confDir, CREDENTIALS_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  if (!create) return undefined;
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

export function seal(plain: string, key: Buffer): SealedFile {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { version: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function unseal(file: SealedFile, key: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]).toString('utf8');
}

export class CredentialStore {
  private byUser: Record<string, CredentialMap> = {};
  private writes: Promise<void> = Promise.resolve();

  private constructor(private readonly confDir: string) {}

  static load(confDir: string): CredentialStore {
    const store = new CredentialStore(confDir);
    const file = join(confDir, CREDENTIALS_FILE);
    if (!existsSync(file)) return store;
    const key = loadOrCreateKey(confDir, false);
    if (!key) throw new Error(`${file} exists but ${CREDENTIALS_KEY_FILE} is missing: the credentials cannot be decrypted`);
    const parsed = JSON.parse(unseal(JSON.parse(readFileSync(file, 'utf8')) as SealedFile, key)) as unknown;
    if (typeof parsed === 'object' && parsed !== null) store.byUser = parsed as Record<string, CredentialMap>;
    return store;
  }

  list(user: string): CredentialMap {
    return { ...(this.byUser[user] ?? {}) };
  }

  get(user: string, entity: string): UserCredential | undefined {
    return this.byUser[user]?.[entity];
  }

  async put(user: string, entity: string, cred: UserCredential): Promise<void> {
    this.byUser[user] = { ...(this.byUser[user] ?? {}), [entity]: { username: cred.username, password: cred.password } };
    await this.persist();
  }

  /** False when the user had no such entity. */
  async remove(user: string, entity: string): Promise<boolean> {
    const mine = this.byUser[user];
    if (!mine || !Object.prototype.hasOwnProperty.call(mine, entity)) return false;
    delete mine[entity];
    await this.persist();
    return true;
  }

  /** False when the user had none. */
  async removeAll(user: string): Promise<boolean> {
    if (Object.keys(this.byUser[user] ?? {}).length === 0) return false;
    delete this.byUser[user];
    await this.persist();
    return true;
  }

  private persist(): Promise<void> {
    const next = this.writes.then(async () => {
      const key = loadOrCreateKey(this.confDir, true) as Buffer;
      await atomicWrite(join(this.confDir, CREDENTIALS_FILE), JSON.stringify(seal(JSON.stringify(this.byUser), key)));
    });
    this.writes = next.catch(() => undefined);
    return next;
  }
}

const shared = new Map<string, CredentialStore>();

/**
 * The one store of a conf dir, shared by the REST endpoints and the interpreters that inject credentials, so a
 * credential saved a moment ago is used by the next run. A file that cannot be read throws each time (not cached).
 */
export function credentialStoreFor(confDir: string): CredentialStore {
  let store = shared.get(confDir);
  if (!store) {
    store = CredentialStore.load(confDir);
    shared.set(confDir, store);
  }
  return store;
}
