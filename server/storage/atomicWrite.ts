/**
 * Crash-safe replacement of a file: the new content goes to a temp file in the same directory (so the rename
 * cannot cross file systems), is fsynced, then renamed over the target. A reader, or a process restarted after
 * a kill -9, sees either the old or the new content, never a torn file.
 */
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Temp files start with a dot and end in `.tmp`, so the note scanner never mistakes them for notes. */
export const isTempFile = (name: string): boolean => name.startsWith('.') && name.endsWith('.tmp');

/** Exactly the names tempNameFor makes: `.<start of the target's name>.<pid>.<8 hex digits>.tmp`. */
const OUR_TEMP = /^\..*\.\d+\.[0-9a-f]{8}\.tmp$/;

/**
 * Beside the target, so the rename cannot cross file systems. Only the start of the target's name is kept: a
 * note name may use the whole 255 bytes a file name can have, and the temp file needs room for its suffix.
 */
const tempNameFor = (target: string): string =>
  join(dirname(target), `.${basename(target).slice(0, 48)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

/**
 * Removes the temp files that writes interrupted by a crash or kill -9 left under `dir` (at start, before any
 * write of this process can have made one). `skip` names folders not to enter, such as `.git`. Returns how many.
 */
export function removeStrayTempFiles(dir: string, skip: (name: string) => boolean = () => false): number {
  let removed = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!skip(e.name)) removed += removeStrayTempFiles(join(dir, e.name), skip);
    } else if (e.isFile() && OUR_TEMP.test(e.name)) {
      rmSync(join(dir, e.name), { force: true });
      removed++;
    }
  }
  return removed;
}

export async function atomicWrite(target: string, content: string): Promise<void> {
  const tmp = tempNameFor(target);
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
  const tmp = tempNameFor(target);
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
