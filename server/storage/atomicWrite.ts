/**
 * Crash-safe replacement of a file: the new content goes to a temp file in the same directory (so the rename
 * cannot cross file systems), is fsynced, then renamed over the target. A reader, or a process restarted after
 * a kill -9, sees either the old or the new content, never a torn file.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Temp files start with a dot and end in `.tmp`, so the note scanner never mistakes them for notes. */
export const isTempFile = (name: string): boolean => name.startsWith('.') && name.endsWith('.tmp');

export async function atomicWrite(target: string, content: string): Promise<void> {
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(content, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, target);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** The same for small configuration files written once at startup or on an admin change. */
export function atomicWriteSync(target: string, content: string): void {
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeFileSync(fd, content, 'utf8');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
