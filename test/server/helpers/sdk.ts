/**
 * The requests Zeppelin's Python SDK (pyzeppelin's ZeppelinClient and ZSession) sends, in its order and with its
 * query strings and bodies, so server tests can drive our server the way a pipeline does. Polling is what the SDK
 * does; here it is bounded by a deadline instead of running forever.
 */
import { api } from './harness';

export interface SdkParagraph {
  id: string;
  text?: string;
  status?: string;
  results?: { code: string; msg: { type: string; data: string }[] };
  settings?: { params?: Record<string, unknown>; forms?: Record<string, unknown> };
}

export interface SdkNote {
  id: string;
  name: string;
  info?: { isRunning?: unknown };
  paragraphs: SdkParagraph[];
}

export interface SdkSession {
  sessionId: string;
  noteId: string;
  interpreter: string;
  state?: string;
  weburl?: string;
  startTime?: string;
}

const COMPLETED = ['FINISHED', 'ERROR', 'ABORTED', 'ABORT'];

/** The SDK reads a missing `isRunning` as running (Python's `bool('False')` is true). */
export const sdkIsRunning = (note: SdkNote): boolean => (note.info && 'isRunning' in note.info ? Boolean(note.info.isRunning) : Boolean(note.info));

export class SdkClient {
  constructor(private readonly base: string, private readonly deadlineMs = 20000) {}

  private async call<T>(path: string, init: Parameters<typeof api>[2] = {}): Promise<{ body?: T; message?: string }> {
    const res = await api<T>(this.base, path, init);
    if (res.status !== 200) throw new Error(`Invoke rest api failed, status code: ${res.status}, status text: ${res.text}`);
    return res.body;
  }

  async version(): Promise<string> {
    return (await this.call<{ version: string }>('/api/version')).body?.version ?? '';
  }

  async createNote(notePath: string, defaultInterpreterGroup = 'spark'): Promise<string> {
    return String((await this.call<string>('/api/notebook', { method: 'POST', json: { name: notePath, defaultInterpreterGroup } })).body);
  }

  async deleteNote(noteId: string): Promise<void> {
    await this.call(`/api/notebook/${noteId}`, { method: 'DELETE' });
  }

  async queryNote(noteId: string): Promise<SdkNote> {
    return (await this.call<SdkNote>(`/api/notebook/${noteId}`)).body as SdkNote;
  }

  async submitNote(noteId: string, params: Record<string, unknown> = {}): Promise<SdkNote> {
    await this.call(`/api/notebook/job/${noteId}?blocking=false&isolated=true&reload=true`, { method: 'POST', json: { params } });
    return this.queryNote(noteId);
  }

  async waitUntilNoteFinished(noteId: string): Promise<SdkNote> {
    return this.poll(() => this.queryNote(noteId), (n) => !sdkIsRunning(n), `note ${noteId} to finish`);
  }

  async addParagraph(noteId: string, title: string, text: string): Promise<string> {
    return String((await this.call<string>(`/api/notebook/${noteId}/paragraph`, { method: 'POST', json: { title, text } })).body);
  }

  async updateParagraph(noteId: string, paragraphId: string, title: string, text: string): Promise<void> {
    await this.call(`/api/notebook/${noteId}/paragraph/${paragraphId}`, { method: 'PUT', json: { title, text } });
  }

  /** Python's requests writes booleans as `True` / `False`. */
  async submitParagraph(noteId: string, paragraphId: string, params: Record<string, unknown> = {}, sessionId = '', isolated = false): Promise<SdkParagraph> {
    const query = new URLSearchParams({ sessionId, isolated: isolated ? 'True' : 'False', reload: 'true' });
    await this.call(`/api/notebook/job/${noteId}/${paragraphId}?${query.toString()}`, { method: 'POST', json: { params } });
    return this.queryParagraph(noteId, paragraphId);
  }

  async executeParagraph(noteId: string, paragraphId: string, params: Record<string, unknown> = {}, sessionId = ''): Promise<SdkParagraph> {
    await this.submitParagraph(noteId, paragraphId, params, sessionId);
    return this.waitUntilParagraphFinished(noteId, paragraphId);
  }

  async queryParagraph(noteId: string, paragraphId: string): Promise<SdkParagraph> {
    return (await this.call<SdkParagraph>(`/api/notebook/${noteId}/paragraph/${paragraphId}`)).body as SdkParagraph;
  }

  async waitUntilParagraphFinished(noteId: string, paragraphId: string): Promise<SdkParagraph> {
    return this.poll(() => this.queryParagraph(noteId, paragraphId), (p) => COMPLETED.includes(p.status ?? ''), `paragraph ${paragraphId} to finish`);
  }

  async cancelParagraph(noteId: string, paragraphId: string): Promise<void> {
    await this.call(`/api/notebook/job/${noteId}/${paragraphId}`, { method: 'DELETE' });
  }

  async newSession(interpreter: string): Promise<SdkSession> {
    return (await this.call<SdkSession>(`/api/session?interpreter=${encodeURIComponent(interpreter)}`, { method: 'POST' })).body as SdkSession;
  }

  async stopSession(sessionId: string): Promise<void> {
    await this.call(`/api/session/${sessionId}`, { method: 'DELETE' });
  }

  async getSession(sessionId: string): Promise<SdkSession> {
    return (await this.call<SdkSession>(`/api/session/${sessionId}`)).body as SdkSession;
  }

  /** The paragraph id comes back in `message`. */
  async nextSessionParagraph(noteId: string, maxStatement: number): Promise<string> {
    return String((await this.call(`/api/notebook/${noteId}/paragraph/next?maxParagraph=${maxStatement}`, { method: 'POST' })).message);
  }

  private async poll<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
    const end = Date.now() + this.deadlineMs;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** ZSession: a session note whose first paragraphs configure and start the interpreter, then one per statement. */
export class SdkZSession {
  info: SdkSession | undefined;

  constructor(readonly client: SdkClient, readonly interpreter: string, readonly properties: Record<string, string> = {}, readonly maxStatement = 100) {}

  async start(): Promise<void> {
    this.info = await this.client.newSession(this.interpreter);
    const { noteId, sessionId } = this.info;
    const conf = `%${this.interpreter}.conf\n${Object.entries(this.properties).map(([k, v]) => `${k} ${v}`).join('\n')}`;
    const confId = await this.client.addParagraph(noteId, 'Session Configuration', conf);
    const confRun = await this.client.executeParagraph(noteId, confId, {}, sessionId);
    if (confRun.status !== 'FINISHED') throw new Error(`Fail to configure session: ${JSON.stringify(confRun)}`);
    const initId = await this.client.addParagraph(noteId, 'Session Init', `%${this.interpreter}(init=true)`);
    const initRun = await this.client.executeParagraph(noteId, initId, {}, sessionId);
    if (initRun.status !== 'FINISHED') throw new Error(`Fail to init session: ${JSON.stringify(initRun)}`);
    this.info = await this.client.getSession(sessionId);
  }

  private async statement(code: string): Promise<string> {
    const { noteId } = this.must();
    const id = await this.client.nextSessionParagraph(noteId, this.maxStatement);
    await this.client.updateParagraph(noteId, id, '', `%${this.interpreter} ${code}`);
    return id;
  }

  async execute(code: string): Promise<SdkParagraph> {
    const { noteId, sessionId } = this.must();
    return this.client.executeParagraph(noteId, await this.statement(code), {}, sessionId);
  }

  async submit(code: string): Promise<SdkParagraph> {
    const { noteId, sessionId } = this.must();
    return this.client.submitParagraph(noteId, await this.statement(code), {}, sessionId);
  }

  waitUntilFinished(statementId: string): Promise<SdkParagraph> {
    return this.client.waitUntilParagraphFinished(this.must().noteId, statementId);
  }

  /** The SDK's own cancel names a method its client lacks; scripts call the client's cancel_paragraph. */
  cancel(statementId: string): Promise<void> {
    return this.client.cancelParagraph(this.must().noteId, statementId);
  }

  async stop(): Promise<void> {
    if (this.info) await this.client.stopSession(this.info.sessionId);
  }

  private must(): SdkSession {
    if (!this.info) throw new Error('session not started');
    return this.info;
  }
}

export const outputOf = (p: SdkParagraph): string => (p.results?.msg ?? []).map((m) => m.data).join('');
