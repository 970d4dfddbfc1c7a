/**
 * `%sh`: each paragraph is `bash -c <script>` in its own process group, stdout and stderr streamed line by line.
 * Exit code ≠ 0 is an ERROR; cancel and the timeout (`shell.command.timeout.millisecs`) stop the whole process
 * group. Output past the output limit is cut with a notice (output.ts) while the command runs on to its end, as
 * in Zeppelin: the rest of its output is read and dropped.
 */
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import type { Completion, InterpretContext, Interpreter, InterpreterEnv, InterpretResult } from '../types';
import { LineSplitter } from './lineSplitter';
import { killGroup } from './processGroup';

interface Run {
  stop(reason: 'cancel' | 'timeout'): void;
}

export class ShellInterpreter implements Interpreter {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly env: InterpreterEnv) {}

  async open(): Promise<void> {
    return undefined;
  }

  interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    const timeoutMs = Number(this.env.properties['shell.command.timeout.millisecs'] || 60000);
    const cwd = this.env.properties['shell.working.directory.user.home'] === 'true' ? homedir() : process.cwd();
    return new Promise((resolve) => {
      const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...(ctx.env ?? {}) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let stopped: 'cancel' | 'timeout' | undefined;
      const stop = (reason: 'cancel' | 'timeout'): void => {
        if (stopped) return;
        stopped = reason;
        killGroup(child);
      };
      this.runs.set(ctx.paragraphId, { stop });
      const timer = timeoutMs > 0 ? setTimeout(() => stop('timeout'), timeoutMs) : undefined;
      const write = (text: string): void => ctx.out.write(text);
      const outLines = new LineSplitter(write);
      const errLines = new LineSplitter(write);
      // Once the output is cut, chunks are drained without being split into lines.
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        if (!ctx.out.truncated) outLines.push(c);
      });
      child.stderr.setEncoding('utf8').on('data', (c: string) => {
        if (!ctx.out.truncated) errLines.push(c);
      });
      let spawnError: Error | undefined;
      child.on('error', (e) => {
        spawnError = e;
      });
      child.on('close', (code, signal) => {
        if (timer) clearTimeout(timer);
        this.runs.delete(ctx.paragraphId);
        outLines.end();
        errLines.end();
        if (spawnError) {
          ctx.out.write(`Cannot run bash: ${spawnError.message}\n`);
          resolve({ code: 'ERROR' });
        } else if (stopped === 'cancel') {
          resolve({ code: 'ERROR', aborted: true });
        } else if (stopped === 'timeout') {
          ctx.out.write(`\nParagraph received a SIGTERM: the command ran longer than shell.command.timeout.millisecs (${timeoutMs} ms)\nExitValue: 143\n`);
          resolve({ code: 'ERROR' });
        } else if (code === 0) {
          resolve({ code: 'SUCCESS' });
        } else {
          ctx.out.write(`ExitValue: ${code ?? (signal ? `killed by ${signal}` : 'unknown')}\n`);
          resolve({ code: 'ERROR' });
        }
      });
    });
  }

  cancel(paragraphId: string): void {
    this.runs.get(paragraphId)?.stop('cancel');
  }

  progress(): number {
    return 0;
  }

  async completion(): Promise<Completion[]> {
    return [];
  }

  async close(): Promise<void> {
    for (const run of this.runs.values()) run.stop('cancel');
  }
}
