/**
 * The execution engine: submits paragraphs to their interpreter session's FIFO queue, cancels them, runs whole
 * notes sequentially (PROTOCOL 2.3, 5.3–5.6) and answers completion requests.
 *
 * Notes:
 * - Nothing here blocks a websocket connection: handlers start runs and return; statuses and output arrive as
 *   broadcasts.
 * - A paragraph has at most one live job; submitting it again while it is pending or running joins that job.
 * - A sequential run (run-all) sets `info.isRunning`, which blocks the editing ops of PROTOCOL 1.4 step 6.
 */
import { tooDeepField, tooDeepMessage, type FormParams, type InterpreterSetting, type Paragraph, type ParagraphStatus, type RunAllEntry } from '../../protocol';
import { applyConf, confGroup } from '../interpreters/conf';
import { parseForms } from '../interpreters/forms';
import { parseParagraphText } from '../interpreters/magic';
import { formTypeOf } from '../interpreters/registry';
import { SessionManager, type InterpreterSession } from '../interpreters/sessions';
import type { Resolved } from '../interpreters/settings';
import { mayUse } from '../interpreters/settingsAdmin';
import type { Completion, FormType } from '../interpreters/types';
import type { NoteEntry } from '../notes/notebook';
import { commitParagraph, findParagraph, setParagraphField } from '../notes/paragraphs';
import { keptText } from '../notes/textMerge';
import { errorMessage, ZeppelinError } from '../util/errors';
import type { EngineDeps } from './deps';
import { credentialLookup, ParagraphJob } from './job';
import { liveRuns } from './live';
import { isPersonalized, personalOwner } from '../personal/store';

export interface SubmitOptions {
  /** REST run-all's `params`: used for this run instead of the stored ones. */
  paramsOverride?: FormParams;
  /** A session of /api/session to run in (the `sessionId` query parameter of the REST run calls). */
  sessionId?: string;
}

export interface RunInput {
  title?: string;
  text: string;
  params?: FormParams;
  config?: Paragraph['config'];
}

const isEmptyObject = (o: object | undefined): boolean => o === undefined || Object.keys(o).length === 0;

/** RUN_PARAGRAPH / run-all entries: text and title always, params and config only when non-empty. */
export function applyRunInput(p: Paragraph, input: RunInput): void {
  commitParagraph(p, {
    title: input.title,
    text: input.text,
    params: isEmptyObject(input.params) ? undefined : input.params,
    config: isEmptyObject(input.config) ? undefined : input.config,
  });
}

/** Live jobs are keyed by paragraph, and by user for personal copies, which several users may run at once. */
const jobKey = (paragraphId: string, user?: string): string => (user === undefined ? paragraphId : `${paragraphId}\u0000${user}`);
const keyOf = (p: Paragraph): string => jobKey(p.id, personalOwner(p)?.user);

export const runningSequentially = (noteId: string, op: string): ZeppelinError =>
  new ZeppelinError(`Note ${noteId} is now running sequentially`, 'INTERNAL_SERVER_ERROR', `Note is now running sequentially. Can not be performed: ${op}`);

export class ExecutionEngine {
  private readonly jobs = new Map<string, ParagraphJob>();
  private readonly sequences = new Map<string, { stopped: boolean; done: Promise<void> }>();

  constructor(private readonly deps: EngineDeps) {
    // Every way of deleting a note (WS, REST, folders, trash) ends its runs.
    deps.notebook.onChange((e) => {
      if (e.kind === 'removed') this.noteRemoved(e.id);
    });
  }

  /** Magic resolution of PROTOCOL 5.3 for a paragraph of `entry`. */
  resolve(entry: NoteEntry, text: string | undefined): { resolved?: Resolved; name: string } {
    const parsed = parseParagraphText(text);
    const resolved = this.deps.interpreters.resolve(parsed.magic || undefined, entry.note.defaultInterpreterGroup);
    return { resolved: resolved?.info ? resolved : undefined, name: parsed.magic || entry.note.defaultInterpreterGroup || this.deps.interpreters.defaultGroup() };
  }

  /** Starts a run; resolves with the terminal status. Never rejects for interpreter problems (they end as ERROR). */
  submit(entry: NoteEntry, master: Paragraph, user: string, opts: SubmitOptions = {}): Promise<ParagraphStatus> {
    // In personalized mode the caller's own copy runs (PROTOCOL 5.7).
    const personal = this.deps.broadcasts.personal;
    const p = personal ? personal.runTarget(entry, master, user) : master;
    const owner = personalOwner(p);
    const key = keyOf(p);
    const existing = this.jobs.get(key);
    if (existing) return existing.done;
    const { status } = this.deps;
    const parsed = parseParagraphText(p.text);
    setParagraphField(p, 'user', user);
    delete p.results;
    delete p.errorMessage;
    setParagraphField(p, 'runtimeInfos', {});

    const empty = parsed.script === '' && isEmptyObject(parsed.localProperties) && p.config?.checkEmpty !== false;
    if (p.config?.enabled === false || empty) {
      status.set(entry, p, 'PENDING');
      status.set(entry, p, 'FINISHED', { started: true, finished: true });
      return Promise.resolve('FINISHED');
    }
    const { resolved, name } = this.resolve(entry, p.text);
    const group = resolved?.info ? undefined : confGroup(parsed.magic);
    const confSetting = group === undefined ? undefined : this.deps.interpreters.resolve(group, entry.note.defaultInterpreterGroup)?.setting;
    const setting = resolved?.info ? resolved.setting : confSetting;
    if (!setting) return this.endAt(entry, p, 'ERROR', `Interpreter ${name} not found`);
    if (!mayUse(setting, user, this.deps.rolesOf?.(user) ?? [])) {
      // The owners option of PROTOCOL 4.6, enforced at run time with Zeppelin's wording.
      return this.endAt(entry, p, 'ERROR', `${user} has no permission for ${setting.name}`);
    }
    const session = this.sessionOf(setting, entry, user, opts.sessionId);
    if (!resolved?.info) {
      const error = applyConf(session, group ?? '', parsed.script);
      return error === undefined ? this.endAt(entry, p, 'FINISHED') : this.endAt(entry, p, 'ERROR', error);
    }
    let formType: FormType = formTypeOf(resolved.info.class);
    const formProp = parsed.localProperties.form;
    if (formProp !== undefined) formType = formProp === 'simple' ? 'SIMPLE' : formType === 'SIMPLE' ? 'NONE' : formType;
    if (formType === 'SIMPLE') {
      // Forms are rebuilt from the script at every run; note forms found on the way are added (PROTOCOL 5.4 step 7).
      const forms = parseForms(parsed.script, this.deps.angular.formShadow(session.id, entry.id, p.id));
      const settings = p.settings ?? { params: {}, forms: {} };
      settings.params ??= {};
      settings.forms = forms.forms;
      setParagraphField(p, 'settings', settings);
      if (!isEmptyObject(forms.noteForms)) this.deps.notebook.setNoteField(entry, 'noteForms', { ...forms.noteForms, ...(entry.note.noteForms ?? {}) });
    }
    const job = new ParagraphJob(
      {
        entry, paragraph: p, session, info: resolved.info, script: parsed.script, localProperties: parsed.localProperties, formType, paramsOverride: opts.paramsOverride,
        ...(owner && personal ? { noteParams: personal.noteParams(entry, owner.user), audienceUser: owner.user } : {}),
      },
      this.deps,
      (j) => {
        if (this.jobs.get(key) === j) this.jobs.delete(key);
      },
    );
    this.jobs.set(key, job);
    delete p.dateFinished;
    status.set(entry, p, 'PENDING');
    session.scheduler.submit(job);
    return job.done;
  }

  /** A run that ends before reaching an interpreter: FINISHED with no output, or ERROR with `message`. */
  private endAt(entry: NoteEntry, p: Paragraph, status: 'FINISHED' | 'ERROR', message?: string): Promise<ParagraphStatus> {
    const msg = message === undefined ? [] : [{ type: 'TEXT' as const, data: message }];
    setParagraphField(p, 'results', { code: status === 'ERROR' ? 'ERROR' : 'SUCCESS', msg });
    this.deps.status.set(entry, p, status, { started: true, finished: true });
    return Promise.resolve(status);
  }

  /**
   * The interpreter session a run uses: the one of its REST session (named by `sessionId`, or owning the note,
   * interpreters/zsessions.ts), else the setting's session for the note.
   */
  private sessionOf(setting: InterpreterSetting, entry: NoteEntry, user: string, sessionId?: string): InterpreterSession {
    return this.deps.zsessions?.interpreterSession(setting, entry.id, sessionId) ?? this.deps.sessions.sessionFor(setting, { noteId: entry.id, user });
  }

  /** CANCEL_PARAGRAPH: false when the paragraph has no live job. */
  cancel(paragraphId: string, user?: string): boolean {
    // A user's own copy first: in personalized mode that is the run the user sees.
    const job = (user !== undefined ? this.jobs.get(jobKey(paragraphId, user)) : undefined) ?? this.jobs.get(paragraphId);
    if (!job) return false;
    job.cancel();
    return true;
  }

  /** Aborts every live job of a note, and the note's sequential run. */
  cancelNote(noteId: string): void {
    const seq = this.sequences.get(noteId);
    if (seq) seq.stopped = true;
    for (const job of [...this.jobs.values()]) if (job.noteId === noteId) job.cancel();
  }

  /** A paragraph deleted while pending or running is aborted; its final status is not broadcast. */
  paragraphRemoved(noteId: string, paragraphId: string): void {
    for (const job of [...this.jobs.values()]) {
      if (job.paragraphId !== paragraphId || job.noteId !== noteId) continue;
      job.removed = true;
      job.cancel();
    }
    this.deps.angular.paragraphRemoved(noteId, paragraphId);
  }

  noteRemoved(noteId: string): void {
    for (const job of [...this.jobs.values()]) {
      if (job.noteId !== noteId) continue;
      job.removed = true;
      job.cancel();
    }
    const seq = this.sequences.get(noteId);
    if (seq) seq.stopped = true;
    this.deps.angular.registry.removeNote(noteId);
  }

  isRunning(paragraphId: string): boolean {
    return [...this.jobs.values()].some((j) => j.paragraphId === paragraphId);
  }

  /**
   * RUN_PARAGRAPH / run-all input. In personalized mode text, title and config stay shared (the note's paragraph)
   * while form params go to the caller's copy only.
   */
  applyInput(entry: NoteEntry, p: Paragraph, input: RunInput, user: string): void {
    const personal = this.deps.broadcasts.personal;
    if (!personal || !isPersonalized(entry.note)) {
      applyRunInput(p, input);
      return;
    }
    applyRunInput(p, { ...input, params: undefined });
    if (!isEmptyObject(input.params)) personal.setParams(entry, user, p.id, input.params ?? {});
  }

  runsSequentially(noteId: string): boolean {
    return this.sequences.has(noteId);
  }

  /**
   * Starts a sequential run and returns its completion; throws at once (nothing started) when the note already
   * runs sequentially. NOTE_RUNNING_STATUS true/false frames the run.
   */
  private sequence(entry: NoteEntry, op: string, body: (state: { stopped: boolean }) => Promise<void>): Promise<void> {
    if (this.sequences.has(entry.id)) throw runningSequentially(entry.id, op);
    const state = { stopped: false, done: Promise.resolve() };
    this.sequences.set(entry.id, state);
    liveRuns.start(entry.id);
    this.deps.connections.toRoom(entry.id, 'NOTE_RUNNING_STATUS', { status: true });
    state.done = (async () => {
      try {
        await body(state);
      } catch (e) {
        console.error(`[execution] run-all of ${entry.id} failed:`, e);
      } finally {
        this.sequences.delete(entry.id);
        liveRuns.end(entry.id);
        this.deps.status.runEnded(entry);
        this.deps.connections.toRoom(entry.id, 'NOTE_RUNNING_STATUS', { status: false });
        // Zeppelin re-broadcasts every paragraph after a sequential run, so every client ends consistent.
        if (this.deps.notebook.get(entry.id)) for (const p of entry.note.paragraphs) this.deps.broadcasts.paragraph(entry, p);
      }
    })();
    return state.done;
  }

  /** WS RUN_ALL_PARAGRAPHS (PROTOCOL 5.6): the client's list in order, stopping at the first ERROR or ABORT. */
  runAllFromClient(entry: NoteEntry, paragraphsJson: string, user: string): Promise<void> {
    let list: RunAllEntry[];
    try {
      const parsed: unknown = JSON.parse(paragraphsJson);
      if (!Array.isArray(parsed)) throw new Error('not an array');
      list = parsed as RunAllEntry[];
    } catch (e) {
      throw new ZeppelinError(`paragraphs must be a JSON array string: ${errorMessage(e)}`);
    }
    // The list arrives as a string, so the frame decoder's nesting limit could not look inside it.
    if (tooDeepField({ paragraphs: list }) !== undefined) throw new ZeppelinError(`Bad RUN_ALL_PARAGRAPHS payload: ${tooDeepMessage('paragraphs')}`);
    return this.sequence(entry, 'RUN_ALL_PARAGRAPHS', async (state) => {
      for (const item of list) {
        if (state.stopped || !this.deps.notebook.get(entry.id)) return;
        const found = item && typeof item.id === 'string' ? findParagraph(entry.note, item.id) : undefined;
        if (!found) continue;
        const stored = found.paragraph.text;
        // While collaborating our client adds its own change as a patch, applied to the text as it is now.
        let text = typeof item.paragraph === 'string' ? item.paragraph : stored ?? '';
        if (typeof item.paragraph === 'string' && typeof item.patch === 'string') {
          try {
            text = keptText(this.deps.config, item.paragraph, item.patch, stored);
          } catch {
            // an unreadable patch: the sent text, as from a client without patches
          }
        }
        this.applyInput(entry, found.paragraph, { title: item.title, text, params: item.params, config: item.config }, user);
        const result = await this.submit(entry, found.paragraph, user);
        if (result === 'ERROR' || result === 'ABORT') return;
      }
    });
  }

  /**
   * REST / stored run-all (PROTOCOL 5.6): stored paragraphs, disabled ones skipped, stopping at the first that does
   * not finish, except that an unresolvable interpreter is marked ERROR and the run continues.
   */
  runAllStored(entry: NoteEntry, user: string, params?: FormParams): Promise<void> {
    return this.sequence(entry, 'RUN_ALL_PARAGRAPHS', async (state) => {
      for (const p of [...entry.note.paragraphs]) {
        if (state.stopped || !this.deps.notebook.get(entry.id)) return;
        if (!findParagraph(entry.note, p.id) || p.config?.enabled === false) continue;
        const unresolved = parseParagraphText(p.text).script !== '' && !this.resolve(entry, p.text).resolved;
        const result = await this.submit(entry, p, user, { paramsOverride: params });
        if (result !== 'FINISHED' && !unresolved) return;
      }
    });
  }

  /** COMPLETION (PROTOCOL 2.2): the cursor is rebased onto the script; starts the session if needed. */
  async completion(entry: NoteEntry, p: Paragraph, buf: string, cursor: number, user: string): Promise<Completion[]> {
    const parsed = parseParagraphText(buf);
    const { resolved } = this.resolve(entry, buf);
    if (!resolved?.info) return [];
    const at = cursor - parsed.scriptOffset;
    if (at < 0) return [];
    const session = this.sessionOf(resolved.setting, entry, user);
    const interp = await session.get(resolved.info);
    return interp.completion(parsed.script, Math.min(at, parsed.script.length), {
      noteId: entry.id, paragraphId: p.id, user, credential: credentialLookup(session.confDir, user), pool: session.pool(entry.id, user),
    });
  }

  /** PUT /api/interpreter/setting/restart: live jobs of the affected sessions end ABORT, sessions close. */
  async restart(settingId: string, noteId?: string): Promise<void> {
    const affected = (sessionId: string): boolean => {
      const s = this.deps.sessions.existing(sessionId);
      return s !== undefined && s.setting.id === settingId && (noteId === undefined || s.noteId === undefined || s.noteId === noteId);
    };
    const doomed = [...this.jobs.values()].filter((j) => affected(j.sessionId));
    for (const job of doomed) job.cancel();
    await this.deps.sessions.restart(settingId, noteId);
    await Promise.all(doomed.map((j) => j.done));
  }

  /** Ends these interpreter sessions: their runs are cancelled and their interpreters closed; resolves once the runs ended. */
  async closeSessions(ids: readonly string[]): Promise<void> {
    const doomed = [...this.jobs.values()].filter((j) => ids.includes(j.sessionId));
    for (const job of doomed) job.cancel();
    await this.deps.sessions.close(ids);
    await Promise.all(doomed.map((j) => j.done));
  }

  sessionIdFor(entry: NoteEntry, settingName: string, user: string): string | undefined {
    const s = this.deps.interpreters.byName(settingName);
    return s ? SessionManager.sessionId(s, { noteId: entry.id, user }) : undefined;
  }

  async close(): Promise<void> {
    for (const seq of this.sequences.values()) seq.stopped = true;
    const live = [...this.jobs.values()];
    for (const job of live) job.cancel();
    await this.deps.sessions.closeAll();
    await Promise.race([Promise.all(live.map((j) => j.done)), new Promise((r) => setTimeout(r, 3000).unref())]);
  }
}
