/**
 * A Helium registry published as a `helium.json` at an http(s) URL, in Zeppelin's online format: a list of maps
 * `{ <package name>: { <version>: <package> } }`. The last good answer is kept on disk and used while the URL
 * cannot be read (Zeppelin's behaviour); listings within a minute of a successful read reuse it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HeliumPackage } from '../../protocol';
import { atomicWrite } from '../storage/atomicWrite';
import { toPackage } from './descriptor';

const FETCH_TIMEOUT_MS = 10_000;
const FRESH_MS = 60_000;

export function parseOnlineRegistry(body: unknown): HeliumPackage[] {
  if (!Array.isArray(body)) throw new Error('expected a list of packages');
  const out: HeliumPackage[] = [];
  for (const byName of body) {
    if (typeof byName !== 'object' || byName === null) continue;
    for (const versions of Object.values(byName as Record<string, unknown>)) {
      if (typeof versions !== 'object' || versions === null) continue;
      for (const raw of Object.values(versions as Record<string, unknown>)) {
        const p = toPackage(raw);
        if (p) out.push(p);
      }
    }
  }
  return out;
}

export class OnlineRegistry {
  private readonly cacheFile: string;
  private last: { at: number; packages: HeliumPackage[] } | undefined;

  constructor(readonly url: string, cacheDir: string) {
    this.cacheFile = join(cacheDir, `${createHash('sha256').update(url).digest('hex').slice(0, 16)}.json`);
  }

  async packages(): Promise<HeliumPackage[]> {
    if (this.last && Date.now() - this.last.at < FRESH_MS) return this.last.packages;
    try {
      const res = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      const packages = parseOnlineRegistry(JSON.parse(text));
      this.last = { at: Date.now(), packages };
      mkdirSync(join(this.cacheFile, '..'), { recursive: true });
      await atomicWrite(this.cacheFile, text);
      return packages;
    } catch (e) {
      console.warn(`[helium] registry ${this.url} cannot be read (${(e as Error).message}); using its last copy`);
      return this.fromCache();
    }
  }

  private fromCache(): HeliumPackage[] {
    if (!existsSync(this.cacheFile)) return [];
    try {
      return parseOnlineRegistry(JSON.parse(readFileSync(this.cacheFile, 'utf8')));
    } catch {
      return [];
    }
  }
}
