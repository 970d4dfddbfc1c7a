/**
 * Terminal-like TEXT output: ANSI colours through ansi_up (the converter both Zeppelin UIs and JupyterLab's
 * ecosystem use; it escapes HTML itself), and carriage returns and backspaces that overwrite the current line the
 * way a progress bar expects.
 *
 * Notes:
 * - Streamed output only ever grows at the end, so complete lines are converted once and appended; only the
 *   unfinished last line is converted again on each frame. `TerminalRenderer.update` reports which happened.
 */
import { AnsiUp } from 'ansi_up';

// A complete escape sequence: CSI (colours, erase, cursor moves), OSC (titles, links), or a two-byte escape.
// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/y;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex
const ERASE_TO_END = /^\x1b\[0?K$/;

/**
 * One line as a terminal shows it: `\r` returns to the start of the line, `\b` steps back one column, later text
 * overwrites what is there, `ESC[K` erases to the end of the line, colour codes (SGR) stay with the characters
 * they colour, and every other control character or escape is dropped, so none shows as a glyph.
 */
export function overwriteLine(line: string): string {
  if (!CONTROL.test(line)) return line;
  // Each cell is one printed character, after the colour codes that came just before it.
  const cells: string[] = [];
  let pending = '';
  let at = 0;
  for (let i = 0; i < line.length;) {
    const c = line[i];
    if (c === '\x1b') {
      ESCAPE.lastIndex = i;
      const seq = ESCAPE.exec(line)?.[0];
      i += seq ? seq.length : 1;
      if (seq && seq.startsWith('\x1b[') && seq.endsWith('m')) pending += seq;
      else if (seq && ERASE_TO_END.test(seq)) cells.length = Math.min(cells.length, at);
    } else if (c === '\r') {
      at = 0;
      i++;
    } else if (c === '\b') {
      at = Math.max(0, at - 1);
      i++;
    } else if (c !== '\t' && CONTROL.test(c)) {
      i++;
    } else {
      // Overwriting keeps the colour codes the old character carried, so the characters after it keep theirs.
      const old = cells[at];
      cells[at] = (old ? old.slice(0, -1) : '') + pending + c;
      pending = '';
      at++;
      i++;
    }
  }
  for (let k = 0; k < cells.length; k++) cells[k] ??= ' ';
  return cells.join('') + pending;
}

export function applyCarriageReturns(text: string): string {
  return text.split('\n').map(overwriteLine).join('\n');
}

function converter(): AnsiUp {
  const a = new AnsiUp();
  // Classes, not inline colours: results.css gives each ANSI colour a shade that is readable on either theme.
  a.use_classes = true;
  return a;
}

/** Whole-text conversion, for results that are not streaming. */
export function ansiToHtml(text: string): string {
  return converter().ansi_to_html(applyCarriageReturns(text));
}

export type Update = { kind: 'reset'; stableHtml: string; tailHtml: string } | { kind: 'append'; stableHtml: string; tailHtml: string };

export class TerminalRenderer {
  private stable = '';
  private ansi = converter();

  /** Converts what is new in `data` since the last call. */
  update(data: string): Update {
    const cut = data.lastIndexOf('\n') + 1;
    if (data.length >= this.stable.length && data.startsWith(this.stable)) {
      const added = data.slice(this.stable.length, cut);
      this.stable = data.slice(0, cut);
      return { kind: 'append', stableHtml: added ? this.ansi.ansi_to_html(applyCarriageReturns(added)) : '', tailHtml: this.tail(data, cut) };
    }
    this.ansi = converter();
    this.stable = data.slice(0, cut);
    return { kind: 'reset', stableHtml: this.ansi.ansi_to_html(applyCarriageReturns(this.stable)), tailHtml: this.tail(data, cut) };
  }

  private tail(data: string, cut: number): string {
    return cut < data.length ? converter().ansi_to_html(overwriteLine(data.slice(cut))) : '';
  }
}
