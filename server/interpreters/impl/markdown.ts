/** `%md`: markdown rendered to HTML in-process with markdown-it, wrapped as Zeppelin wraps it. */
import MarkdownIt from 'markdown-it';
import type { Completion, InterpretContext, Interpreter, InterpretResult } from '../types';
import type { InterpreterEnv } from '../types';

export class MarkdownInterpreter implements Interpreter {
  private readonly md: ReturnType<typeof MarkdownIt>;

  constructor(_env: InterpreterEnv) {
    // Raw HTML is allowed, as in Zeppelin's markdown interpreter: notes are written by their own users.
    this.md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  }

  async open(): Promise<void> {
    return undefined;
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    ctx.out.message('HTML', `<div class="markdown-body">\n${this.md.render(script)}</div>`);
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
