/**
 * Tests that need something a bare machine lacks (a Python module, a browser) are skipped by name with the reason
 * and the install hint. `npm test` collects these records (ZEPPELIN_SKIP_LOG names the file) and prints them in its
 * summary, so a skip is never silent.
 */
import fs from 'fs';

export interface Skip {
  title: string;
  reason: string;
  hint: string;
}

type TestFn = (name: string, fn: jest.ProvidesCallback, timeout?: number) => void;

function record(skip: Skip): void {
  const log = process.env.ZEPPELIN_SKIP_LOG;
  if (log) fs.appendFileSync(log, `${JSON.stringify(skip)}\n`);
}

/** `test` when `missing` is undefined; otherwise a `test.skip` that records why and how to install what is missing. */
export function testUnless(missing: { reason: string; hint: string } | undefined): TestFn {
  if (!missing) return test;
  return (name, fn, timeout) => {
    record({ title: name, ...missing });
    test.skip(`${name} (skipped: ${missing.reason})`, fn, timeout);
  };
}
