/** `%md`: markdown rendered to HTML in-process with markdown-it, wrapped as Zeppelin wraps it. */
import MarkdownIt from 'markdown-it';
import type { Completion, InterpretContext, Interpreter, InterpretResult } from '../types';
import type { InterpreterEnv } from '../types';

// Raw HTML is allowed, as in Zeppelin's markdown interpreter: notes are written by their own users.
const md = new MarkdownIt({ html: true, linkify: true, typographer: false });

/** Markdown as the HTML result `%md` gives; also used for IPython's markdown outputs and Jupyter markdown cells. */
export const renderMarkdown = (source: string): string => `<div class="markdown-body">\n${md.render(source)}</div>`;

export class MarkdownInterpreter implements Interpreter {
  constructor(_env: InterpreterEnv) {}

  async open(): Promise<void> {
    return undefined;
  }

  async interpret(script: string, ctx: InterpretContext): Promise<InterpretResult> {
    ctx.out.message('HTML', renderMarkdown(script));
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
