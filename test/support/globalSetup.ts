/**
 * jest globalSetup: every temp folder a run makes (servers' notebooks and settings, browser profiles, Python's and
 * git's files) goes under one `zeppelin-test-*` folder that globalTeardown removes, so a run leaves nothing in the
 * temp directory even where a test does not clean up after itself. Workers inherit TMPDIR from this process.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

export default function globalSetup(): void {
  // With `jest --projects`, each project's globalSetup runs: the first one makes the folder.
  if (process.env.ZEPPELIN_TEST_OUTER_TMPDIR !== undefined) return;
  // `npm test` names the folder to make it in (ZEPPELIN_TEST_TMP_ROOT), which it removes even after a stopped run.
  const root = fs.mkdtempSync(path.join(process.env.ZEPPELIN_TEST_TMP_ROOT || os.tmpdir(), 'zeppelin-test-'));
  // Under root the %jdbc tests run their database servers as the packages' own OS users (postgres, mysql), which
  // must reach their data dirs inside this folder: others may pass through it, not list it.
  fs.chmodSync(root, 0o711);
  process.env.ZEPPELIN_TEST_OUTER_TMPDIR = process.env.TMPDIR ?? '';
  process.env.TMPDIR = root;
}
