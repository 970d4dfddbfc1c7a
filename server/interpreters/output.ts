/**
 * An interpreter's output split into result messages by the display system (PROTOCOL 4.3) and capped by
 * `zeppelin.interpreter.output.limit` (PROTOCOL 5.5). It reports each change so the engine can stream it.
 *
 * Notes:
 * - Markers are recognised only at the start of a line and only when followed by a space, a tab or a newline;
 *   text at a line start that could still become a marker is held back until the next chunk decides it.
 * - The limit counts bytes per TEXT/TABLE message. On reaching it the message is cut at its last complete line,
 *   an HTML alert message follows and everything after it in the run is dropped.
 * - A message begun as not streamed (a `%jdbc` table) is not reported while it grows: like Zeppelin's table output
 *   (table append off), it reaches clients whole, once it is sealed (complete, or another message follows it) or
 *   with the run's result.
 * - A large message's JSON encoding is prepared while it grows (util/preparedJson.ts), for the run's final frame.
 */
import type { ResultMessage, ResultType } from '../../protocol';
import { prepareAppended } from '../util/preparedJson';
import type { OutputSink } from './types';

export interface OutputEvents {
  /** A message slot exists at `index` with this type (first output, or a type switch of an empty slot). */
  slotStarted(index: number, type: ResultType): void;
  /** Text added to an appendable (TEXT/TABLE) message. */
  appended(index: number, text: string): void;
  /** A non-appendable message changed; its whole data is to be re-sent. */
  changed(index: number): void;
  /** A message that was not streamed is complete; its whole data is to be sent unless the run ends first. */
  sealed(index: number): void;
}

const MARKERS: Readonly<Record<string, ResultType>> = {
  html: 'HTML', table: 'TABLE', text: 'TEXT', img: 'IMG', svg: 'SVG', angular: 'ANGULAR', network: 'NETWORK', null: 'NULL', element: 'ELEMENT',
};
const MARKER_RE = /^%([a-z]+)([ \t\n])/;
const MAX_MARKER = Math.max(...Object.keys(MARKERS).map((k) => k.length)) + 2;

const appendable = (type: ResultType): boolean => type === 'TEXT' || type === 'TABLE';

export const DEFAULT_OUTPUT_LIMIT = 102400;

/** Zeppelin's notice for output cut short (ResultMessages): `amount` bytes or rows, and the setting that decides it. */
function limitAlert(amount: number, unit: 'bytes' | 'rows', setting: string): string {
  return '<div class="result-alert alert-warning" role="alert"><button type="button" class="close" data-dismiss="alert" aria-label="Close">'
    + `<span aria-hidden="true">&times;</span></button><strong>Output is truncated</strong> to ${amount} ${unit}. `
    + `Learn more about <strong>${setting}</strong></div>`;
}

export const truncationAlert = (limit: number): string => limitAlert(limit, 'bytes', 'ZEPPELIN_INTERPRETER_OUTPUT_LIMIT');

/** A table cut at `rows` rows by the interpreter property `property` (`common.max_count`, `duckdb.maxResult`). */
export const rowsLimitAlert = (rows: number, property: string): string => limitAlert(rows, 'rows', property);

export class OutputCollector implements OutputSink {
  readonly messages: ResultMessage[] = [];
  private current: ResultMessage | undefined;
  private currentBytes = 0;
  private atLineStart = true;
  private pending = '';
  private cut = false;
  /** The current message was begun as not streamed: appends to it are not reported. */
  private quiet = false;

  constructor(
    private readonly limit: number,
    private readonly events: OutputEvents,
  ) {}

  get truncated(): boolean {
    return this.cut;
  }

  write(text: string): void {
    if (this.cut || text === '') return;
    const buf = this.pending + text;
    this.pending = '';
    let i = 0;
    while (i < buf.length && !this.cut) {
      if (this.atLineStart && buf[i] === '%') {
        const head = buf.slice(i, i + MAX_MARKER);
        const m = MARKER_RE.exec(head);
        if (m && MARKERS[m[1]]) {
          this.startMessage(MARKERS[m[1]]);
          i += m[0].length;
          this.atLineStart = m[2] === '\n';
          continue;
        }
        if (!m && /^%[a-z]*$/.test(head) && head.length < MAX_MARKER) {
          this.pending = buf.slice(i);
          return;
        }
      }
      const nl = buf.indexOf('\n', i);
      const end = nl < 0 ? buf.length : nl + 1;
      this.appendText(buf.slice(i, end));
      this.atLineStart = nl >= 0;
      i = end;
    }
  }

  message(type: ResultType, data: string): void {
    if (this.cut) return;
    this.flushPending();
    this.push({ type, data });
    this.events.changed(this.messages.length - 1);
    this.current = undefined;
    this.atLineStart = true;
  }

  begin(type: 'TEXT' | 'TABLE', streamed = true): void {
    if (this.cut) return;
    this.flushPending();
    this.push({ type, data: '' });
    this.quiet = !streamed;
    this.atLineStart = true;
  }

  seal(): void {
    if (!this.quiet) return;
    this.quiet = false;
    this.events.sealed(this.messages.length - 1);
  }

  append(text: string): void {
    if (this.cut || text === '') return;
    this.appendText(text);
    this.atLineStart = text.endsWith('\n');
  }

  /** The final messages: held-back text flushed, empty TEXT slots dropped. */
  finish(): ResultMessage[] {
    this.flushPending();
    return this.messages.filter((m) => !(m.type === 'TEXT' && m.data === ''));
  }

  private flushPending(): void {
    if (this.pending === '') return;
    const rest = this.pending;
    this.pending = '';
    const type = MARKERS[rest.slice(1)];
    if (type) this.startMessage(type);
    else this.appendText(rest);
  }

  private push(m: ResultMessage): void {
    this.seal();
    this.messages.push(m);
    this.current = m;
    this.currentBytes = Buffer.byteLength(m.data);
    this.events.slotStarted(this.messages.length - 1, m.type);
  }

  private startMessage(type: ResultType): void {
    if (this.current && this.current.data === '') {
      // An empty message taking a marker's type is written, and streamed, like any marker's message.
      this.quiet = false;
      this.current.type = type;
      this.events.slotStarted(this.messages.length - 1, type);
      return;
    }
    this.push({ type, data: '' });
  }

  private appendText(text: string): void {
    if (!this.current) this.push({ type: 'TEXT', data: '' });
    const msg = this.current as ResultMessage;
    const index = this.messages.length - 1;
    if (!appendable(msg.type)) {
      msg.data += text;
      this.events.changed(index);
      return;
    }
    const bytes = Buffer.byteLength(text);
    if (this.currentBytes + bytes <= this.limit) {
      msg.data += text;
      prepareAppended(msg, text);
      this.currentBytes += bytes;
      if (!this.quiet) this.events.appended(index, text);
      return;
    }
    // Keep what fits, back to the last complete line, then the alert; the rest of the run is dropped.
    let keep = Buffer.from(text).subarray(0, Math.max(0, this.limit - this.currentBytes)).toString('utf8').replace(/\uFFFD$/, '');
    keep = keep.slice(0, keep.lastIndexOf('\n') + 1);
    if (keep !== '') {
      msg.data += keep;
      prepareAppended(msg, keep);
      if (!this.quiet) this.events.appended(index, keep);
    }
    this.push({ type: 'HTML', data: truncationAlert(this.limit) });
    this.events.changed(this.messages.length - 1);
    this.cut = true;
  }
}
