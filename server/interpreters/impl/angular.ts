/** `%angular` (also `%ng`): the paragraph's text is its ANGULAR result, compiled by AngularJS in the result frame. */
import type { Completion, InterpretContext, Interpreter, InterpretResult } from '../types';

export class AngularInterpreter implements Interpreter {
  async open(): Promise<void> {
    return undefined;
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    ctx.out.message('ANGULAR', script);
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
