/**
 * Terminal-like TEXT output: ANSI colours through ansi_up (the converter both Zeppelin UIs and JupyterLab's
 * ecosystem use; it escapes HTML itself), and carriage returns that overwrite the current line the way a progress
 * bar expects.
 *
 * Notes:
 * - Streamed output only ever grows at the end, so complete lines are converted once and appended; only the
 *   unfinished last line is converted again on each frame. `TerminalRenderer.update` reports which happened.
 */
import { AnsiUp } from 'ansi_up';

/** Applies `\r` overwrites inside one line: each segment overwrites the start of what is there. */
export function overwriteLine(line: string): string {
  if (!line.includes('\r')) return line;
  let out = '';
  for (const seg of line.split('\r')) out = seg + out.slice(seg.length);
  return out;
}

export function applyCarriageReturns(text: string): string {
  return text.split('\n').map(overwriteLine).join('\n');
}

function converter(): AnsiUp {
  const a = new AnsiUp();
  a.use_classes = false;
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
