/**
 * The contract every interpreter implements. Adding an interpreter is adding a file under impl/ that exports a
 * class behind this interface, plus one line in impl/index.ts naming its class.
 */
import type { FormInput, FormParams, ResultCode, ResultType } from '../../protocol';
import type { PoolApi } from './pool/resourcePool';

/** Where an interpreter writes while it runs; the engine streams it to the note room. */
export interface OutputSink {
  /** Raw text; lines starting with a display-system marker (`%table`, `%html`, ...) start a typed message. */
  write(text: string): void;
  /** A complete typed message (a rendered table, an image), independent of marker parsing. */
  message(type: ResultType, data: string): void;
  /**
   * Starts a message of `type` that append() extends, without marker parsing (a table written in batches of rows).
   * `streamed` false: clients get it whole rather than appended to as it grows (Zeppelin's table output).
   */
  begin(type: 'TEXT' | 'TABLE', streamed?: boolean): void;
  /** The message begin() started is complete: one not streamed goes to clients whole at the next flush. */
  seal(): void;
  /** Adds to the message begin() started; cut at the output limit like written text. */
  append(text: string): void;
  /** True once the output limit was reached: further writes are dropped. */
  readonly truncated: boolean;
}

/** Programmatic forms (`z.input(...)` and friends) declared during a run. */
export interface FormsApi {
  params: FormParams;
  noteParams: FormParams;
  define(form: FormInput, noteLevel: boolean): void;
}

/** The interpreter side of the angular object registry (PROTOCOL 2.7), scoped to the running note. */
export interface AngularApi {
  bind(name: string, value: unknown, paragraphId?: string): void;
  unbind(name: string, paragraphId?: string): void;
}

export interface InterpretContext {
  noteId: string;
  paragraphId: string;
  user: string;
  localProperties: Record<string, string>;
  /**
   * Environment-style setting properties with credentials filled for this user; interpreters that start a
   * process per run (sh) pass them to it.
   */
  env?: Record<string, string>;
  out: OutputSink;
  forms: FormsApi;
  angular: AngularApi;
  /**
   * Aborted when the run is cancelled. cancel() reaches only a run the interpreter has taken up; an interpreter that
   * awaits something first (a process starting) checks this before it starts the run, so no cancel is lost.
   */
  signal?: AbortSignal;
  /** The running user's entry for `entity` on the credential page (PROTOCOL 4.7); its password is masked in the output. */
  credential?(entity: string): Credential | undefined;
  /** A value shared in the note (an angular object of any interpreter), for Zeppelin's `{name}` interpolation. */
  sharedValue?(name: string): { found: boolean; value?: unknown };
  /** The resource pool as this run sees it (pool/resourcePool.ts). */
  pool?: PoolApi;
}

export interface Credential {
  username: string;
  password: string;
}

/** What completion knows of the paragraph and its user. */
export type CompletionContext = Pick<InterpretContext, 'noteId' | 'paragraphId' | 'user' | 'credential' | 'pool'>;

export interface InterpretResult {
  code: Extract<ResultCode, 'SUCCESS' | 'ERROR'>;
  /** True when the run ended because of cancel(); the paragraph then ends ABORT. */
  aborted?: boolean;
}

export interface Completion {
  name: string;
  value: string;
  meta?: string;
}

/** SIMPLE: `${...}` template forms are parsed and substituted; NATIVE: forms come from the interpreter itself. */
export type FormType = 'SIMPLE' | 'NATIVE' | 'NONE';

export interface Interpreter {
  /** True when the interpreter keeps `saveAs` results in the pool itself (%sql keeps every row as a table). */
  readonly savesResults?: boolean;
  open(): Promise<void>;
  interpret(script: string, ctx: InterpretContext): Promise<InterpretResult>;
  /**
   * Stops the run of `paragraphId`; interpret() then resolves with `aborted: true`. `user` names whose run, for
   * interpreters that run several users' copies of one paragraph at once (personalized mode).
   */
  cancel(paragraphId: string, user?: string): void;
  /** 0..100 while running, as far as the interpreter knows. */
  progress(paragraphId: string): number;
  completion(script: string, cursor: number, ctx: CompletionContext): Promise<Completion[]>;
  close(): Promise<void>;
  /** A UI changed an angular object of this session; interpreters that mirror objects override this. */
  angularUpdated?(noteId: string, name: string, value: unknown, paragraphId?: string): void;
  angularRemoved?(noteId: string, name: string, paragraphId?: string): void;
}

/** Property values of the interpreter setting, as strings, plus what the server itself knows. */
export interface InterpreterEnv {
  properties: Record<string, string>;
  confDir: string;
  /** The session's id (also the angular objects' interpreterGroupId). */
  sessionId: string;
  /** The interpreter setting's name (`jdbc`, `pg`, …): Zeppelin's JDBC interpreter names credentials after it. */
  settingName: string;
  /** The resource pool's temp folder, where an interpreter writes the tables it puts. */
  poolDir(): string;
}
