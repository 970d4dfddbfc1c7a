/** @jest-environment node */
/**
 * The Python runner's side of a cancel, driven over its own pipes (no server): the server writes a run's cancel
 * line and then sends SIGINT, and the runner must apply that interrupt to the run the line names, wherever in its
 * loop the signal lands.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { tempDir } from './helpers/harness';
import { TEST_PYTHON } from '../support/python';

jest.setTimeout(30000);

const RUNNER = join(__dirname, '../../server/interpreters/impl/python_runner.py');

interface Done { ev: 'done'; id: string; ok: boolean; aborted: boolean }

class Runner {
  readonly child: ChildProcess;
  private readonly events: Array<Record<string, unknown>> = [];
  private readonly waiters: Array<() => void> = [];

  constructor() {
    this.child = spawn(TEST_PYTHON, ['-u', RUNNER, '--ipython', 'off', '--executable', TEST_PYTHON], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONUNBUFFERED: '1', ZEPPELIN_POOL_DIR: tempDir('zpl-pool-') },
    });
    let partial = '';
    (this.child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line) this.events.push(JSON.parse(line) as Record<string, unknown>);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(cmd: Record<string, unknown>): void {
    (this.child.stdin as Writable).write(`${JSON.stringify(cmd)}\n`);
  }

  run(id: string, token: number, code: string): void {
    this.send({ cmd: 'run', id, token, code, noteId: 'n', params: {}, noteParams: {} });
  }

  /** What the server's cancel does: the cancel line, then the signal. */
  cancel(token: number): void {
    this.send({ cmd: 'cancel', token });
    this.child.kill('SIGINT');
  }

  async next(match: (e: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const i = this.events.findIndex(match);
      if (i >= 0) return this.events.splice(0, i + 1)[i];
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  done(id: string): Promise<Done> {
    return this.next((e) => e.ev === 'done' && e.id === id) as Promise<unknown> as Promise<Done>;
  }

  /**
   * Resolves once the output read so far holds `text`. The runner sends output in pieces of any size (the first
   * write after a pause goes out at once, a timer thread flushes the rest), so one print can come in two events.
   */
  async output(text: string): Promise<void> {
    let seen = '';
    while (!seen.includes(text)) seen += String((await this.next((e) => e.ev === 'out')).d);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

describe('python runner: cancels', () => {
  let r: Runner;
  beforeEach(async () => {
    r = new Runner();
    await r.next((e) => e.ev === 'ready');
  });
  afterEach(() => r.close());

  test('a late cancel of a run that already ended does not interrupt the next run', async () => {
    r.run('p1', 1, 'x = 1');
    expect(await r.done('p1')).toMatchObject({ ok: true, aborted: false });
    r.run('p2', 2, 'import time\nprint("started", flush=True)\ntime.sleep(0.5)\nprint("x is", x)');
    await r.output('started');
    // The server cancelled run 1 just as it ended: its line and signal reach the runner during run 2.
    r.cancel(1);
    expect(await r.done('p2')).toMatchObject({ ok: true, aborted: false });
  });

  test('a cancel that lands between runs stops the run it names, and the process keeps its variables', async () => {
    r.run('p1', 1, 'x = 7');
    await r.done('p1');
    // The signal may reach the idle loop before the run line is read: it must still apply to run 2.
    r.run('p2', 2, 'while True:\n    pass');
    r.cancel(2);
    expect(await r.done('p2')).toMatchObject({ ok: false, aborted: true });
    r.run('p3', 3, 'print(x)');
    await r.output('7');
    expect(await r.done('p3')).toMatchObject({ ok: true });
  });

  test('a late cancel that lands between runs is ignored, and the next run is neither dropped nor stopped', async () => {
    r.run('p1', 1, 'x = 1');
    await r.done('p1');
    r.cancel(1);
    r.run('p2', 2, 'print("ran", x)');
    await r.output('ran 1');
    expect(await r.done('p2')).toMatchObject({ ok: true, aborted: false });
  });
});
