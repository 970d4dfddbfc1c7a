/** Running paragraphs over a real websocket and waiting for their terminal PARAGRAPH frame. */
import type { FormParams, Paragraph, ParagraphConfig } from '../../../protocol';
import { Client, type Frame } from './harness';

export const TERMINAL = ['FINISHED', 'ERROR', 'ABORT'];

export const paragraphFrame = (f: Frame): Paragraph | undefined =>
  f.op === 'PARAGRAPH' ? (f.data as { paragraph: Paragraph }).paragraph : undefined;

export const isStatus = (id: string, statuses: string[]) => (f: Frame): boolean => {
  const p = paragraphFrame(f);
  return p !== undefined && p.id === id && statuses.includes(p.status ?? '');
};

export interface Run {
  final: Paragraph;
  from: number;
  msgId: string;
  /** Frames of this run for this paragraph, in arrival order. */
  frames: Frame[];
}

/** Opens a fresh note on `client` and returns its id and first paragraph id. */
export async function newNote(client: Client, name: string, defaultInterpreterGroup = 'md', as?: Identity): Promise<{ noteId: string; pid: string }> {
  const from = client.mark();
  client.send('NEW_NOTE', { name, defaultInterpreterGroup }, as);
  const created = await client.next('NEW_NOTE', from);
  return { noteId: created.data.note.id, pid: created.data.note.paragraphs[0].id };
}

/** Adds a paragraph at the end of the open note and returns its id. */
export async function addParagraph(client: Client, index: number): Promise<string> {
  const added = await client.request('INSERT_PARAGRAPH', { index }, 'PARAGRAPH_ADDED');
  return added.data.paragraph.id;
}

const belongsTo = (pid: string) => (f: Frame): boolean => {
  const d = f.data as { paragraph?: { id: string }; paragraphId?: string; id?: string };
  return d.paragraph?.id === pid || d.paragraphId === pid || (f.op === 'PROGRESS' && d.id === pid);
};

/** Who sends the frames when logins are on (the login's principal and ticket); anonymous otherwise. */
export type Identity = { principal: string; ticket: string };

export function startRun(client: Client, pid: string, text: string, extra: { params?: FormParams; config?: ParagraphConfig; as?: Identity } = {}): { from: number; msgId: string } {
  const from = client.mark();
  const msgId = client.send('RUN_PARAGRAPH', { id: pid, paragraph: text, params: extra.params ?? {}, config: extra.config ?? {} }, extra.as);
  return { from, msgId };
}

export async function waitFinal(client: Client, pid: string, from: number, timeoutMs = 15000): Promise<{ final: Paragraph; frames: Frame[] }> {
  const f = await client.waitFor(isStatus(pid, TERMINAL), from, timeoutMs, `terminal PARAGRAPH of ${pid}`);
  return { final: paragraphFrame(f) as Paragraph, frames: client.frames.slice(from).filter(belongsTo(pid)) };
}

export async function run(client: Client, pid: string, text: string, extra: { params?: FormParams; config?: ParagraphConfig; timeoutMs?: number; as?: Identity } = {}): Promise<Run> {
  const { from, msgId } = startRun(client, pid, text, extra);
  const { final, frames } = await waitFinal(client, pid, from, extra.timeoutMs);
  return { final, from, msgId, frames };
}

export const textOf = (p: Paragraph): string => (p.results?.msg ?? []).map((m) => m.data).join('');

/** Waits for a condition outside the websocket (a process gone, a file written), checking every 20 ms. */
export async function until(cond: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Checks every 20 ms for `ms` that a condition outside the websocket stays true (a file not written): a write that
 * something already started lands within a few milliseconds, so the window only bounds a negative.
 */
export async function holds(cond: () => boolean, ms: number, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (!cond()) throw new Error(`no longer true: ${what}`);
    if (Date.now() >= end) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Holds the whole thread, timers and I/O alike, as a process the machine does not schedule for `ms` (a loaded
 * machine): what is due meanwhile waits for the loop.
 */
export const stall = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

export const processGone = (pid: number) => (): boolean => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};
