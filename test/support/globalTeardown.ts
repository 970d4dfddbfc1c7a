/** jest globalTeardown: removes the run's temp folder made by globalSetup and restores TMPDIR. */
import fs from 'fs';

export default function globalTeardown(): void {
  const root = process.env.TMPDIR;
  const outer = process.env.ZEPPELIN_TEST_OUTER_TMPDIR;
  if (outer === undefined || !root) return;
  if (outer) process.env.TMPDIR = outer;
  else delete process.env.TMPDIR;
  delete process.env.ZEPPELIN_TEST_OUTER_TMPDIR;
  // A process a test started may still be writing its last file: retry rather than leave the folder behind.
  fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
}
