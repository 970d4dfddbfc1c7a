/**
 * The built UI, served from a directory. Hand-rolled rather than @fastify/static: that plugin pulls in an
 * ESM-only dependency that the project's jest setup cannot load, and a single-page app needs little more than this.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyReply } from 'fastify';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * The note's result document runs the notes' own HTML and scripts. Served with a sandbox policy, it gets an opaque
 * origin even when opened on its own (not only inside the page's sandboxed frame), so it never shares the app's
 * cookies or storage.
 */
export const RESULT_FRAME = 'result-frame.html';
export const RESULT_FRAME_POLICY = 'sandbox allow-scripts allow-popups allow-forms allow-modals';

export class StaticFiles {
  constructor(readonly root: string) {}

  /** Absolute file for a URL path, or undefined when it would leave the root. */
  private fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    const file = normalize(join(this.root, decoded));
    return file === this.root || file.startsWith(this.root + sep) ? file : undefined;
  }

  /** Sends the file if it exists; resolves false when there is nothing to send. */
  async send(urlPath: string, reply: FastifyReply, head = false): Promise<boolean> {
    let file = this.fileFor(urlPath);
    if (!file) return false;
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) return false;
    reply.header('content-type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    reply.header('content-length', String(info.size));
    reply.header('last-modified', info.mtime.toUTCString());
    // Hashed bundles can be cached; index.html must be re-read so a new build is picked up.
    reply.header('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
    if (file === join(this.root, RESULT_FRAME)) reply.header('content-security-policy', RESULT_FRAME_POLICY);
    await reply.send(head ? '' : createReadStream(file));
    return true;
  }
}
