/**
 * One paragraph run from PENDING to its terminal status (PROTOCOL 5.4): RUNNING when its session's scheduler
 * starts it, PROGRESS every 500 ms, output streamed through an OutputRelay, then FINISHED / ERROR / ABORT with
 * the authoritative results.
 */
import type { FormInput, FormParams, InterpreterInfo, Paragraph, ParagraphStatus } from '../../protocol';
import { substituteForms } from '../interpreters/forms';
import { DEFAULT_OUTPUT_LIMIT, OutputCollector } from '../interpreters/output';
import type { QueuedJob } from '../interpreters/scheduler';
import type { InterpreterSession } from '../interpreters/sessions';
import type { Credential, FormType, Interpreter, InterpretResult, OutputSink } from '../interpreters/types';
import { envProperties, fillCredentials, hasPlaceholder, injectionWanted, maskPasswords } from '../interpreters/credentials';
import { credentialStoreFor } from '../admin/credentialStore';
import { errorMessage } from '../util/errors';
import { dropPrepared } from '../util/preparedJson';
import type { NoteEntry } from '../notes/notebook';
import { OutputRelay } from './stream';
import type { EngineDeps } from './deps';

export const PROGRESS_MS = 500;

/** An interpreter's look-up of the running user's credential-page entries; every password handed out is masked. */
export function credentialLookup(confDir: string, user: string, passwords?: Set<string>): (entity: string) => Credential | undefined {
  return (entity) => {
    const found = credentialStoreFor(confDir).list(user)[entity];
    if (found?.password) passwords?.add(found.password);
    return found ? { username: found.username, password: found.password } : undefined;
  };
}

export interface JobSpec {
  entry: NoteEntry;
  paragraph: Paragraph;
  session: InterpreterSession;
  info: InterpreterInfo;
  script: string;
  localProperties: Record<string, string>;
  formType: FormType;
  /** REST run-all's `params`: used for this run instead of the stored ones. */
  paramsOverride?: FormParams;
  /** The running user's note-form values when the note is personalized (PROTOCOL 5.7); else the note's. */
  noteParams?: FormParams;
  /** Set when the paragraph is a personal copy: its progress and output reach only this user. */
  audienceUser?: string;
}

export class ParagraphJob implements QueuedJob {
  readonly paragraphId: string;
  state: 'PENDING' | 'RUNNING' = 'PENDING';
  cancelled = false;
  removed = false;
  private interp: Interpreter | undefined;
  private readonly abort = new AbortController();
  private resolveDone!: (s: ParagraphStatus) => void;
  readonly done: Promise<ParagraphStatus>;

  constructor(
    private readonly spec: JobSpec,
    private readonly deps: EngineDeps,
    private readonly onEnd: (job: ParagraphJob) => void,
  ) {
    this.paragraphId = spec.paragraph.id;
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
  }

  get noteId(): string {
    return this.spec.entry.id;
  }

  get sessionId(): string {
    return this.spec.session.id;
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.abort.abort();
    if (this.state === 'PENDING') this.spec.session.scheduler.dropQueued(this.paragraphId, this);
    else this.interp?.cancel(this.paragraphId, this.spec.paragraph.user);
  }

  dropped(): void {
    const p = this.spec.paragraph;
    this.deps.status.set(this.spec.entry, p, 'ABORT', { finished: true });
    this.end('ABORT');
  }

  async run(): Promise<void> {
    const { entry, paragraph: p, session, info } = this.spec;
    if (this.cancelled) {
      this.dropped();
      return;
    }
    this.state = 'RUNNING';
    p.progress = 0;
    this.deps.status.set(entry, p, 'RUNNING', { started: true });

    const progressOn = this.deps.config.getBool('zeppelin.websocket.paragraph_status_progress.enable', true);
    const relay = new OutputRelay(this.deps.connections, entry.id, p.id, progressOn, this.spec.audienceUser);
    const limitProp = Number(session.setting.properties['zeppelin.interpreter.output.limit']?.value);
    const limit = Number.isFinite(limitProp) && limitProp > 0 ? limitProp : this.deps.config.getInt('zeppelin.interpreter.output.limit', DEFAULT_OUTPUT_LIMIT);
    const out = new OutputCollector(limit, relay);
    relay.bind(out.messages);
    const ticker = progressOn ? setInterval(() => {
      const progress = this.interp ? Math.max(0, Math.min(100, Math.round(this.interp.progress(p.id)))) : 0;
      p.progress = progress;
      this.deps.broadcasts.runFrame(entry, p, 'PROGRESS', { id: p.id, progress });
    }, PROGRESS_MS) : undefined;

    const nativeForms: Record<string, FormInput> = {};
    const nativeNoteForms: Record<string, FormInput> = {};
    let result: InterpretResult;
    try {
      const user = p.user ?? 'anonymous';
      const secrets = this.withCredentials(this.prepareScript(), user);
      const script = secrets.script;
      // Passwords may still be added during the run (an interpreter asking for a credential), so the mask is always on.
      const mask = (t: string): string => (secrets.passwords.size === 0 ? t : maskPasswords(t, secrets.passwords));
      const sink: OutputSink = {
        write: (t) => out.write(mask(t)),
        message: (type, data) => out.message(type, mask(data)),
        begin: (type, streamed) => out.begin(type, streamed),
        seal: () => out.seal(),
        append: (t) => out.append(mask(t)),
        get truncated() { return out.truncated; },
      };
      const pool = session.pool(entry.id, user);
      const angularValue = this.deps.angular.sharedValue(entry.id, p.id);
      this.interp = await session.get(info);
      if (this.cancelled) result = { code: 'ERROR', aborted: true };
      else {
        result = await this.interp.interpret(script, {
          noteId: entry.id,
          paragraphId: p.id,
          user,
          localProperties: this.spec.localProperties,
          env: secrets.env,
          out: sink,
          signal: this.abort.signal,
          credential: credentialLookup(session.confDir, user, secrets.passwords),
          // Zeppelin interpolates `{name}` from its resource pool; angular objects stand in for names it lacks.
          sharedValue: (name) => {
            const r = pool.get(name)?.resource;
            return r?.kind === 'value' ? { found: true, value: r.value } : angularValue(name);
          },
          pool,
          forms: {
            params: this.spec.paramsOverride ?? p.settings?.params ?? {},
            noteParams: this.spec.noteParams ?? entry.note.noteParams ?? {},
            define: (form, noteLevel) => {
              (noteLevel ? nativeNoteForms : nativeForms)[form.name] = form;
            },
          },
          angular: {
            bind: (name, value, paragraphId) => this.deps.angular.interpreterBind(session.id, entry.id, name, value, paragraphId),
            unbind: (name, paragraphId) => this.deps.angular.interpreterUnbind(session.id, entry.id, name, paragraphId),
          },
        });
      }
    } catch (e) {
      out.write(`${errorMessage(e)}\n`);
      p.errorMessage = e instanceof Error && e.stack ? e.stack : errorMessage(e);
      result = { code: 'ERROR' };
    } finally {
      if (ticker) clearInterval(ticker);
    }
    relay.finish();

    if (this.spec.formType === 'NATIVE') {
      const settings = p.settings ?? (p.settings = { params: {}, forms: {} });
      settings.forms = nativeForms;
      if (Object.keys(nativeNoteForms).length > 0) entry.note.noteForms = { ...(entry.note.noteForms ?? {}), ...nativeNoteForms };
    }
    const aborted = this.cancelled || result.aborted === true;
    const msg = out.finish();
    // Zeppelin's interpreter server keeps any interpreter's result under `saveAs`: one message's text, or a list.
    const saveAs = this.spec.localProperties.saveAs?.trim();
    if (saveAs && !aborted && this.interp && !this.interp.savesResults) {
      try {
        session.pool(entry.id, p.user ?? 'anonymous').put(saveAs, { kind: 'value', value: msg.length === 1 ? msg[0].data : msg.map((m) => m.data) });
      } catch (e) {
        console.warn(`[pool] saveAs=${saveAs.slice(0, 80)}: ${errorMessage(e)}`);
      }
    }
    p.results = { code: result.code === 'ERROR' || aborted ? 'ERROR' : 'SUCCESS', msg };
    const status: ParagraphStatus = aborted ? 'ABORT' : result.code === 'ERROR' ? 'ERROR' : 'FINISHED';
    if (!this.removed) this.deps.status.set(entry, p, status, { finished: true });
    // The final PARAGRAPH is encoded: the encoding prepared while the output arrived is not kept beside it.
    for (const m of msg) dropPrepared(m);
    this.end(status);
  }

  /**
   * Fills credential placeholders for the running user (server/interpreters/credentials.ts). The store is read
   * only when something references a credential, so a broken credentials file cannot break unrelated runs.
   */
  private withCredentials(script: string, user: string): { script: string; env: Record<string, string>; passwords: Set<string> } {
    const { session, localProperties } = this.spec;
    const passwords = new Set<string>();
    const { env, references } = envProperties(session.setting.properties);
    const inScript = injectionWanted(session.setting.properties, localProperties) && hasPlaceholder(script);
    if (!inScript && !references) return { script, env, passwords };
    const creds = credentialStoreFor(session.confDir).list(user);
    for (const k of Object.keys(env)) env[k] = fillCredentials(env[k], creds, passwords);
    return { script: inScript ? fillCredentials(script, creds, passwords) : script, env, passwords };
  }

  /** SIMPLE interpreters get `${...}` substituted; cleaned checkbox values are written back (PROTOCOL 4.5). */
  private prepareScript(): string {
    const { entry, paragraph: p, script, formType, session } = this.spec;
    if (formType !== 'SIMPLE') return script;
    const params = this.spec.paramsOverride ?? p.settings?.params ?? {};
    const sub = substituteForms(script, params, this.spec.noteParams ?? entry.note.noteParams ?? {}, this.deps.angular.formShadow(session.id, entry.id, p.id));
    if (!this.spec.paramsOverride && p.settings) p.settings.params = sub.params;
    return sub.script;
  }

  private end(status: ParagraphStatus): void {
    this.onEnd(this);
    this.resolveDone(status);
  }
}
