/**
 * Interpreters whose run is one result made in-process from the text (`%md`, `%angular`): nothing to start, cancel,
 * complete or close.
 */
import type { ResultType } from '../../../protocol';
import type { Completion, InterpretContext, Interpreter, InterpretResult } from '../types';

export abstract class InstantInterpreter implements Interpreter {
  protected abstract resultOf(script: string): { type: ResultType; data: string };

  async open(): Promise<void> {
    return undefined;
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    const { type, data } = this.resultOf(script);
    ctx.out.message(type, data);
    return { code: 'SUCCESS' };
  }

  cancel(): void {
    return undefined;
  }

  progress(): number {
    return 0;
  }

  async completion(): Promise<Completion[]> {
    return [];
  }

  async close(): Promise<void> {
    return undefined;
  }
}
