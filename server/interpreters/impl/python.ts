/**
 * `%python`: one long-lived Python process per session (python_runner.py), so variables survive between
 * paragraphs. The executable comes from the `zeppelin.python` property.
 *
 * Notes:
 * - Runs are strictly one at a time (the session's FIFO scheduler), so "the current run" is well defined.
 * - Cancel sends SIGINT (KeyboardInterrupt in the paragraph); if the process has not finished the run after
 *   `zeppelin.python.cancel.grace.millisecs`, it is killed and the next run starts a fresh process.
 * - A process that dies mid-run (os._exit, a segfault, the OOM killer) ends the run as ERROR; the next run
 *   starts a fresh process, so the session recovers by itself.
 * - IPython: `%python` runs cells through IPython's shell when the executable can import it and
 *   `zeppelin.python.useIPython` is not false; `%python.ipython` requires it. Rich outputs arrive as typed
 *   messages; markdown ones are rendered here, with the renderer `%md` uses.
 */
import { COMPLETION_TIMEOUT_MS, PendingRequests } from './pendingRequests';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FormInput, ResultType } from '../../../protocol';
import type { Completion, InterpretContext, Interpreter, InterpreterEnv, InterpretResult } from '../types';
import { afterGrace } from './afterGrace';
import { killGroup } from './processGroup';
import { renderMarkdown } from './markdown';
import { missingModuleHint, OUTPUT_TAIL_CHARS } from './pythonHints';
import { answerPool, type PoolRequest } from './pythonPool';


const RUNNER = join(__dirname, 'python_runner.py');

type PyEvent =
  | { ev: 'ready'; version: string; ipython: string | null }
  | { ev: 'out'; d: string }
  | { ev: 'msg'; type: string; d: string }
  | { ev: 'form'; note: boolean; form: FormInput }
  | { ev: 'angular_bind'; name: string; value: unknown; noteId: string; paragraphId?: string }
  | { ev: 'angular_unbind'; name: string; noteId: string; paragraphId?: string }
  | { ev: 'done'; id: string; ok: boolean; aborted: boolean }
  | { ev: 'completion'; rid: number; items: Completion[] }
  | PoolRequest;

interface ActiveRun {
  ctx: InterpretContext;
  resolve(r: InterpretResult): void;
  cancelled: boolean;
  /** Names this run to the runner, so a late cancel can never hit a later run of the same paragraph. */
  token: number;
  /** The end of what the run printed, to word a missing-module error (pythonHints.ts). */
  tail?: string;
}

class PythonProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  exited = false;
  private readonly stdin: Writable;
  onEvent: (e: PyEvent) => void = () => undefined;
  onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => undefined;
  onRawOutput: (text: string) => void = () => undefined;

  constructor(executable: string, ipython: IPythonMode, poolDir: string) {
    this.child = spawn(executable, ['-u', RUNNER, '--ipython', ipython, '--executable', executable], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, PYTHONUNBUFFERED: '1', MPLBACKEND: 'Agg', PYTHONIOENCODING: 'utf-8', ZEPPELIN_POOL_DIR: poolDir },
    });
    this.stdin = this.child.stdin as Writable;
    this.stdin.on('error', () => undefined);
    let markReady: () => void = () => undefined;
    const events = this.child.stdio[3] as Readable;
    let partial = '';
    events.setEncoding('utf8');
    events.on('data', (chunk: string) => {
      const text = partial + chunk;
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') continue;
        let event: PyEvent;
        try {
          event = JSON.parse(line) as PyEvent;
        } catch (e) {
          console.warn(`[python] bad event line: ${(e as Error).message}`);
          continue;
        }
        if (event.ev === 'ready') markReady();
        else this.onEvent(event);
      }
    });
    // Output written straight to the file descriptors (subprocesses, C extensions) bypasses the event channel.
    for (const s of [this.child.stdout, this.child.stderr]) s?.setEncoding('utf8').on('data', (c: string) => this.onRawOutput(c));
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      this.child.once('error', (e) => reject(new Error(`Cannot start ${executable}: ${e.message}`)));
      this.child.once('exit', (code) => reject(new Error(`${executable} exited with code ${code} before it was ready`)));
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.onExit(code, signal);
    });
  }

  send(cmd: Record<string, unknown>): void {
    if (!this.exited) this.stdin.write(`${JSON.stringify(cmd)}\n`);
  }

  kill(): void {
    killGroup(this.child, 500);
  }
}

/** auto: IPython when importable; required: `%python.ipython`; off: `zeppelin.python.useIPython` is false. */
export type IPythonMode = 'auto' | 'required' | 'off';

export class PythonInterpreter implements Interpreter {
  private proc: PythonProcess | undefined;
  private active: ActiveRun | undefined;
  private nextToken = 1;
  private readonly completions = new PendingRequests<Completion[]>(COMPLETION_TIMEOUT_MS, () => []);

  constructor(private readonly env: InterpreterEnv, private readonly ipython: Exclude<IPythonMode, 'off'> = 'auto') {}

  private get executable(): string {
    return this.env.properties['zeppelin.python'] || 'python3';
  }

  private get ipythonMode(): IPythonMode {
    if (this.ipython === 'required') return 'required';
    return String(this.env.properties['zeppelin.python.useIPython'] ?? 'true').trim().toLowerCase() === 'false' ? 'off' : 'auto';
  }

  async open(): Promise<void> {
    await this.ensureProcess();
  }

  private async ensureProcess(): Promise<PythonProcess> {
    if (this.proc && !this.proc.exited) {
      await this.proc.ready;
      return this.proc;
    }
    const proc = new PythonProcess(this.executable, this.ipythonMode, this.env.poolDir());
    this.proc = proc;
    proc.onEvent = (e) => this.onEvent(e);
    proc.onRawOutput = (text) => this.active?.ctx.out.write(text);
    proc.onExit = (code, signal) => this.onExit(proc, code, signal);
    try {
      await proc.ready;
    } catch (e) {
      proc.kill();
      if (this.proc === proc) this.proc = undefined;
      throw e;
    }
    return proc;
  }

  private onEvent(e: PyEvent): void {
    const run = this.active;
    switch (e.ev) {
      case 'out':
        run?.ctx.out.write(e.d);
        if (run) run.tail = ((run.tail ?? '') + e.d).slice(-OUTPUT_TAIL_CHARS);
        return;
      case 'msg':
        if (e.type === 'MARKDOWN') run?.ctx.out.message('HTML', renderMarkdown(e.d));
        else run?.ctx.out.message(e.type as ResultType, e.d);
        return;
      case 'form':
        run?.ctx.forms.define(e.form, e.note);
        return;
      case 'angular_bind':
        run?.ctx.angular.bind(e.name, e.value, e.paragraphId);
        return;
      case 'angular_unbind':
        run?.ctx.angular.unbind(e.name, e.paragraphId);
        return;
      case 'done':
        if (run && e.id === run.ctx.paragraphId) {
          this.active = undefined;
          const hint = e.ok || e.aborted ? null : missingModuleHint(run.tail ?? '', this.executable);
          if (hint) run.ctx.out.write(hint);
          run.resolve(e.aborted || run.cancelled ? { code: 'ERROR', aborted: true } : { code: e.ok ? 'SUCCESS' : 'ERROR' });
        }
        return;
      case 'completion':
        this.completions.answer(e.rid, e.items);
        return;
      case 'pool':
        this.proc?.send({ cmd: 'pool', rid: e.rid, ...answerPool(e, run?.ctx.pool) });
        return;
      default:
        return;
    }
  }

  private onExit(proc: PythonProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.proc === proc) this.proc = undefined;
    this.completions.abandonAll();
    const run = this.active;
    if (!run) return;
    this.active = undefined;
    if (run.cancelled) {
      run.resolve({ code: 'ERROR', aborted: true });
      return;
    }
    run.ctx.out.write(`\nThe Python process exited (${code !== null ? `exit code ${code}` : `signal ${signal}`}) while running this paragraph; `
      + 'its variables are lost and the next run starts a new process.\n');
    run.resolve({ code: 'ERROR' });
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    let proc: PythonProcess;
    try {
      proc = await this.ensureProcess();
    } catch (e) {
      ctx.out.write(`${(e as Error).message}\nCheck the zeppelin.python property of the python interpreter setting.\n`);
      return { code: 'ERROR' };
    }
    // Cancelled while the process was starting or getting ready: cancel() found no run to stop.
    if (ctx.signal?.aborted) return { code: 'ERROR', aborted: true };
    return new Promise((resolve) => {
      const token = this.nextToken++;
      this.active = { ctx, resolve, cancelled: false, token };
      proc.send({
        cmd: 'run', id: ctx.paragraphId, token, code: script, noteId: ctx.noteId, params: ctx.forms.params, noteParams: ctx.forms.noteParams,
        maxResult: Number(this.env.properties['zeppelin.python.maxResult'] || 1000),
      });
    });
  }

  cancel(paragraphId: string): void {
    const run = this.active;
    const proc = this.proc;
    if (!run || run.ctx.paragraphId !== paragraphId || !proc || proc.exited) return;
    run.cancelled = true;
    proc.send({ cmd: 'cancel', token: run.token });
    try {
      process.kill(proc.child.pid as number, 'SIGINT');
    } catch {
      return;
    }
    const grace = Number(this.env.properties['zeppelin.python.cancel.grace.millisecs'] || 3000);
    // The runner's report that it stopped the run may be waiting in the pipe when the grace ends (afterGrace.ts).
    afterGrace(grace, () => {
      if (this.active === run) proc.kill();
    }).unref();
  }

  progress(): number {
    return 0;
  }

  async completion(script: string, cursor: number): Promise<Completion[]> {
    const proc = await this.ensureProcess().catch(() => undefined);
    if (!proc) return [];
    return this.completions.ask((rid) => proc.send({ cmd: 'complete', rid, code: script, cursor }));
  }

  angularUpdated(noteId: string, name: string, value: unknown): void {
    this.proc?.send({ cmd: 'angular', op: 'update', noteId, name, value });
  }

  angularRemoved(noteId: string, name: string): void {
    this.proc?.send({ cmd: 'angular', op: 'remove', noteId, name });
  }

  async close(): Promise<void> {
    const proc = this.proc;
    this.proc = undefined;
    if (this.active) this.active.cancelled = true;
    if (!proc || proc.exited) return;
    await new Promise<void>((resolve) => {
      proc.child.once('exit', () => resolve());
      proc.kill();
    });
  }
}
