/** @jest-environment node */
/**
 * The server's side of a Python cancel: SIGINT, then a kill once `zeppelin.python.cancel.grace.millisecs` has passed
 * with the run still going. On a loaded machine the server's own process may not run for longer than that grace,
 * while the runner obeys the interrupt and reports the run done; that report must be read before the grace is
 * judged, or a process that did stop its run is killed and loses every variable.
 */
import fs from 'node:fs';
import { PythonInterpreter } from '../../server/interpreters/impl/python';
import { OutputCollector, type OutputEvents } from '../../server/interpreters/output';
import type { InterpretContext } from '../../server/interpreters/types';
import { stall, until } from './helpers/exec';
import { tempDir } from './helpers/harness';
import { TEST_PYTHON } from '../support/python';

jest.setTimeout(30000);

const GRACE_MS = 300;

const NO_EVENTS: OutputEvents = { slotStarted: () => undefined, appended: () => undefined, changed: () => undefined, sealed: () => undefined };

/** A run's context with the server's own output collector; `text` is what the run has written so far. */
function context(paragraphId: string): { ctx: InterpretContext; text: () => string } {
  const out = new OutputCollector(1_000_000, NO_EVENTS);
  const ctx: InterpretContext = {
    noteId: 'note', paragraphId, user: 'anonymous', localProperties: {}, out,
    forms: { params: {}, noteParams: {}, define: () => undefined },
    angular: { bind: () => undefined, unbind: () => undefined },
  };
  return { ctx, text: () => out.messages.map((m) => m.data).join('') };
}

let python: PythonInterpreter;

beforeAll(async () => {
  const pool = tempDir('zpl-pool-');
  python = new PythonInterpreter({
    properties: { 'zeppelin.python': TEST_PYTHON, 'zeppelin.python.useIPython': 'false', 'zeppelin.python.cancel.grace.millisecs': String(GRACE_MS) },
    confDir: tempDir('zpl-conf-'), sessionId: 'python-shared', settingName: 'python', poolDir: () => pool,
  }, 'auto');
  await python.open();
});

afterAll(() => python?.close());

test('a run that stopped on the interrupt while the server was held past the grace keeps its process and variables', async () => {
  const set = context('p1');
  expect(await python.interpret('x = 41\nprint("set")', set.ctx)).toEqual({ code: 'SUCCESS' });
  expect(set.text()).toBe('set\n');

  const loop = context('p2');
  const ran = python.interpret('print("looping", flush=True)\nwhile True:\n    pass', loop.ctx);
  // The loop has started: the interrupt lands in the run's code.
  await until(() => loop.text().includes('looping'), 15_000, 'the loop to start');
  // As the server cancels: from an I/O callback (a websocket message), after which its loop goes on to its timers.
  // The runner stops the loop and reports it done within the stall; the server reads nothing until it ends.
  await new Promise<void>((resolve) => {
    fs.stat(__filename, () => {
      python.cancel('p2');
      stall(GRACE_MS * 5);
      resolve();
    });
  });
  expect(await ran).toEqual({ code: 'ERROR', aborted: true });

  const after = context('p3');
  expect(await python.interpret('print(x + 1)', after.ctx)).toEqual({ code: 'SUCCESS' });
  expect(after.text()).toBe('42\n');
});
