/**
 * The dot folders that hold what belongs beside the notes but not in them (personal copies, result history, last
 * runs): skipped by the note scanner, and given a `.gitignore` so that no git command run in the notebook folder
 * (ours or a user's) takes them into a note's revisions.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Makes `dir` with its `.gitignore` the first time it is needed. */
export function ensureSideFolder(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.gitignore'), '*\n');
}
