/**
 * `%js`: JavaScript in a worker thread (js_worker.cjs) with a vm context kept for the session, so globals and
 * top-level declarations survive between paragraphs. The worker has its own heap and no require/process in the
 * user's context; console output streams back; cancel terminates the worker (an infinite loop included) and the
 * next run starts a fresh one.
 */
import { COMPLETION_TIMEOUT_MS, PendingRequests } from './pendingRequests';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Completion, InterpretContext, Interpreter, InterpreterEnv, InterpretResult } from '../types';


const WORKER = join(__dirname, 'js_worker.cjs');

type WorkerEvent =
  | { ev: 'out'; d: string }
  | { ev: 'done'; id: string; ok: boolean }
  | { ev: 'completion'; rid: number; items: Completion[] };

interface ActiveRun {
  ctx: InterpretContext;
  resolve(r: InterpretResult): void;
  cancelled: boolean;
}

export class JavaScriptInterpreter implements Interpreter {
  private worker: Worker | undefined;
  private active: ActiveRun | undefined;
  private readonly completions = new PendingRequests<Completion[]>(COMPLETION_TIMEOUT_MS, () => []);

  constructor(private readonly env: InterpreterEnv) {}

  async open(): Promise<void> {
    this.ensureWorker();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const mb = Number(this.env.properties['js.memory.mb'] || 256);
    const worker = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: mb > 0 ? mb : 256 }, stdout: false, stderr: false });
    worker.on('message', (e: WorkerEvent) => this.onEvent(e));
    worker.on('error', (e) => {
      this.active?.ctx.out.write(`${e.message}\n`);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.completions.abandonAll();
      const run = this.active;
      this.active = undefined;
      if (!run) return;
      if (run.cancelled) run.resolve({ code: 'ERROR', aborted: true });
      else {
        run.ctx.out.write('The JavaScript worker stopped while running this paragraph; the next run starts a fresh context.\n');
        run.resolve({ code: 'ERROR' });
      }
    });
    this.worker = worker;
    return worker;
  }

  private onEvent(e: WorkerEvent): void {
    const run = this.active;
    if (e.ev === 'out') run?.ctx.out.write(e.d);
    else if (e.ev === 'done' && run && run.ctx.paragraphId === e.id) {
      this.active = undefined;
      run.resolve({ code: e.ok ? 'SUCCESS' : 'ERROR' });
    } else if (e.ev === 'completion') {
      this.completions.answer(e.rid, e.items);
    }
  }

  interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    const worker = this.ensureWorker();
    return new Promise((resolve) => {
      this.active = { ctx, resolve, cancelled: false };
      worker.postMessage({ cmd: 'run', id: ctx.paragraphId, code: script });
    });
  }

  cancel(paragraphId: string): void {
    const run = this.active;
    if (!run || run.ctx.paragraphId !== paragraphId || !this.worker) return;
    run.cancelled = true;
    void this.worker.terminate();
  }

  progress(): number {
    return 0;
  }

  async completion(script: string, cursor: number): Promise<Completion[]> {
    const worker = this.ensureWorker();
    return this.completions.ask((rid) => worker.postMessage({ cmd: 'complete', rid, code: script, cursor }));
  }

  async close(): Promise<void> {
    if (this.active) this.active.cancelled = true;
    const worker = this.worker;
    if (worker) await worker.terminate();
  }
}
