/** @jest-environment node */
/**
 * `%jdbc`'s stop of a statement (runState.ts): the database is asked to stop it, and the run gives up on the
 * connection only if the statement has not ended a grace period later. On a loaded machine the server's process may
 * not run for longer than that grace while the database answers; the answer must be read before the grace is judged,
 * or a statement that did end is reported as a database that never answered, and its connection is closed for nothing.
 */
import fs from 'node:fs';
import type { DbConnection } from '../../server/interpreters/impl/jdbc/driver';
import { RunState, Stopped } from '../../server/interpreters/impl/jdbc/runState';
import { stall } from './helpers/exec';

const GRACE_MS = 100;

const connection = (): DbConnection => ({
  fresh: false,
  execute: () => Promise.resolve(),
  quiet: () => Promise.resolve(),
  cancel: () => Promise.resolve(),
  release: () => undefined,
});

/** Stops a run from an I/O callback (a websocket message, a time-out), while its statement's answer is on its way. */
function stopWhileAnswering(run: RunState, reason: 'cancel' | 'timeout', heldMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    fs.stat(__filename, () => {
      // The statement ends on the database's side: its answer is an I/O completion the loop has yet to read.
      const answer = new Promise<string>((done) => fs.stat(__filename, () => done('ended')));
      resolve(run.guard(answer).catch((e: unknown) => e));
      run.stop(reason);
      stall(heldMs);
    });
  });
}

test.each(['cancel', 'timeout'] as const)('a statement that ended while the server was held past the grace is not given up (%s)', async (reason) => {
  const run = new RunState('p1', GRACE_MS);
  run.conn = connection();
  expect(await stopWhileAnswering(run, reason, GRACE_MS * 5)).toBe('ended');
  run.done();
});

test('a statement that does not end within the grace is given up', async () => {
  const run = new RunState('p1', GRACE_MS);
  run.conn = connection();
  const outcome = run.guard(new Promise<never>(() => undefined)).catch((e: unknown) => e);
  run.stop('cancel');
  expect(await outcome).toBeInstanceOf(Stopped);
  run.done();
});

test('a run stopped before it has a connection gives up at once', async () => {
  const run = new RunState('p1', GRACE_MS);
  run.stop('cancel');
  expect(await run.guard(new Promise<never>(() => undefined)).catch((e: unknown) => e)).toBeInstanceOf(Stopped);
});
