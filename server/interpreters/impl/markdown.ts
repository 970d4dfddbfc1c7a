/** `%md`: markdown rendered to HTML in-process with markdown-it, wrapped as Zeppelin wraps it. */
import MarkdownIt from 'markdown-it';
import { InstantInterpreter } from './instant';

// Raw HTML is allowed, as in Zeppelin's markdown interpreter: notes are written by their own users.
const md = new MarkdownIt({ html: true, linkify: true, typographer: false });

/** Markdown as the HTML result `%md` gives; also used for IPython's markdown outputs and Jupyter markdown cells. */
export const renderMarkdown = (source: string): string => `<div class="markdown-body">\n${md.render(source)}</div>`;

export class MarkdownInterpreter extends InstantInterpreter {
  protected resultOf(script: string): { type: 'HTML'; data: string } {
    return { type: 'HTML', data: renderMarkdown(script) };
  }
}
