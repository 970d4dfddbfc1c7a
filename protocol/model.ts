/**
 * Zeppelin's data model as it travels on the wire (PROTOCOL.md section 4).
 * Dates are strings in the websocket flavour (`yyyy-MM-dd'T'HH:mm:ssZ`); the UI never parses them in reducers.
 * Unknown fields are kept: a note read from a real server is written back unchanged.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type NoteId = string;
export type ParagraphId = string;

export type ParagraphStatus = 'READY' | 'PENDING' | 'RUNNING' | 'FINISHED' | 'ERROR' | 'ABORT' | 'UNKNOWN';
export const PARAGRAPH_STATUSES: readonly ParagraphStatus[] = [
  'READY', 'PENDING', 'RUNNING', 'FINISHED', 'ERROR', 'ABORT', 'UNKNOWN',
];
export const isRunningStatus = (s: ParagraphStatus | undefined): boolean => s === 'PENDING' || s === 'RUNNING';

export type ResultType = 'TEXT' | 'HTML' | 'TABLE' | 'IMG' | 'SVG' | 'ANGULAR' | 'NETWORK' | 'ELEMENT' | 'NULL' | string;
export type ResultCode = 'SUCCESS' | 'ERROR' | 'INCOMPLETE' | 'KEEP_PREVIOUS_RESULT';

export interface ResultMessage {
  type: ResultType;
  data: string;
}

export interface ParagraphResults {
  code?: ResultCode;
  msg?: ResultMessage[];
}

/** Chart settings saved per result index (`config.results["0"].graph`). */
export interface PivotColumn {
  name: string;
  index: number;
  aggr?: 'sum' | 'count' | 'avg' | 'min' | 'max';
}
export interface GraphConfig {
  mode?: string;
  height?: number;
  optionOpen?: boolean;
  setting?: Record<string, unknown>;
  commonSetting?: Record<string, unknown>;
  keys?: PivotColumn[];
  groups?: PivotColumn[];
  values?: PivotColumn[];
  [key: string]: unknown;
}
export interface ResultConfig {
  graph?: GraphConfig;
  helium?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface EditorSetting {
  language?: string;
  editOnDblClick?: boolean;
  completionKey?: string;
  completionSupport?: boolean;
}

export interface ParagraphConfig {
  colWidth?: number;
  fontSize?: number;
  enabled?: boolean;
  editorHide?: boolean;
  tableHide?: boolean;
  title?: boolean;
  lineNumbers?: boolean;
  runOnSelectionChange?: boolean;
  checkEmpty?: boolean;
  editorMode?: string;
  editorSetting?: EditorSetting;
  results?: Record<string, ResultConfig>;
  helium?: { activeApp?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** Spec defaults for a paragraph config with missing keys. */
export const PARAGRAPH_CONFIG_DEFAULTS = { colWidth: 12, fontSize: 9, enabled: true } as const;

export interface FormOption {
  value: string;
  displayName?: string;
}
export type FormInput =
  | { type: 'TextBox' | 'Password'; name: string; displayName?: string; defaultValue?: string; hidden?: boolean; argument?: string }
  | { type: 'Select'; name: string; displayName?: string; defaultValue?: string; options: FormOption[]; hidden?: boolean; argument?: string }
  | { type: 'CheckBox'; name: string; displayName?: string; defaultValue?: string[]; options: FormOption[]; hidden?: boolean; argument?: string };

export type FormParams = Record<string, string | string[] | number | boolean>;

export interface ParagraphSettings {
  params?: FormParams;
  forms?: Record<string, FormInput>;
}

export interface RuntimeInfo {
  propertyName?: string;
  label?: string;
  tooltip?: string;
  group?: string;
  values?: Record<string, unknown>[];
  interpreterSettingId?: string;
}

export interface ApplicationState {
  status: 'LOADING' | 'LOADED' | 'UNLOADING' | 'UNLOADED' | 'ERROR';
  id: string;
  pkg: HeliumPackage;
  output?: string;
}

/**
 * What a paragraph's last run started from (our server's extension, docs/protocol.md 4.2): its text, the form
 * values it used, and the run's place in the note's order of runs. Zeppelin sends none; the page then derives no
 * staleness for the paragraph.
 */
export interface LastRun {
  text: string;
  /** Grows with every run started in the note: a larger `seq` ran later. */
  seq: number;
  noteParams?: FormParams;
  params?: FormParams;
  /** Names of the password forms among those values: a support log masks them (there are no forms beside them). */
  passwords?: string[];
}

export interface Paragraph {
  id: ParagraphId;
  title?: string;
  text?: string;
  user?: string;
  dateUpdated?: string;
  dateCreated?: string;
  dateStarted?: string;
  dateFinished?: string;
  progress?: number;
  config?: ParagraphConfig;
  settings?: ParagraphSettings;
  results?: ParagraphResults;
  apps?: ApplicationState[];
  runtimeInfos?: Record<string, RuntimeInfo>;
  progressUpdateIntervalMs?: number;
  jobName?: string;
  status?: ParagraphStatus;
  errorMessage?: string;
  aborted?: boolean;
  executor?: string;
  /** Over the websocket only; never in a note file. */
  lastRun?: LastRun;
  [key: string]: unknown;
}

export interface NoteConfig {
  isZeppelinNotebookCronEnable?: boolean;
  looknfeel?: 'default' | 'simple' | 'report' | string;
  personalizedMode?: 'true' | 'false';
  cron?: string;
  cronExecutingUser?: string;
  cronExecutingRoles?: string;
  releaseresource?: boolean;
  noteFormTitle?: string;
  [key: string]: unknown;
}

export interface NoteRuntimeInfo {
  isRunning?: boolean;
  inIsolatedMode?: boolean;
  startTime?: string;
  cron?: string | null;
  [key: string]: unknown;
}

export interface AngularObject {
  name: string;
  object: unknown;
  noteId?: string;
  paragraphId?: string;
}

/** A note's own fields, without its paragraphs (what the store keeps as note metadata). */
export interface NoteBase {
  id: NoteId;
  name?: string;
  path?: string;
  defaultInterpreterGroup?: string;
  version?: string;
  noteParams?: FormParams;
  noteForms?: Record<string, FormInput>;
  angularObjects?: Record<string, AngularObject[]>;
  config?: NoteConfig;
  info?: NoteRuntimeInfo;
}

export interface Note extends NoteBase {
  paragraphs: Paragraph[];
  [key: string]: unknown;
}

export interface NoteInfo {
  id: NoteId;
  path: string;
}

export interface Revision {
  id: string;
  message: string;
  time?: number;
}

export interface NoteJobParagraph {
  id: string;
  name: string;
  status: ParagraphStatus;
}
export interface NoteJobInfo {
  noteId: NoteId;
  noteName?: string;
  noteType?: 'normal' | 'cron' | string;
  interpreter?: string;
  isRunningJob: boolean;
  isRemoved?: boolean;
  unixTimeLastRun: number;
  paragraphs?: NoteJobParagraph[];
}

export interface InterpreterInfo {
  name: string;
  class: string;
  defaultInterpreter: boolean;
  editor?: EditorSetting;
  config?: Record<string, unknown>;
}

export interface InterpreterProperty {
  name: string;
  value: string | number | boolean;
  type: 'string' | 'number' | 'url' | 'password' | 'textarea' | 'checkbox' | string;
  description?: string;
}

export interface InterpreterDependency {
  groupArtifactVersion: string;
  local?: boolean;
  exclusions?: string[];
}

export type RunMode = 'shared' | 'scoped' | 'isolated';
export interface InterpreterOption {
  remote?: boolean;
  host?: string;
  port?: number;
  perNote?: RunMode;
  perUser?: RunMode;
  isExistingProcess?: boolean;
  setPermission?: boolean;
  owners?: string[];
  isUserImpersonate?: boolean;
}

export interface InterpreterSetting {
  id: string;
  name: string;
  group: string;
  properties: Record<string, InterpreterProperty>;
  status?: 'READY' | 'ERROR' | 'DOWNLOADING_DEPENDENCIES' | string;
  errorReason?: string;
  interpreterGroup: InterpreterInfo[];
  dependencies: InterpreterDependency[];
  option: InterpreterOption;
}

export interface InterpreterBinding {
  id: string;
  name: string;
  interpreters?: InterpreterInfo[];
  selected: boolean;
}

export interface HeliumPackage {
  type: 'INTERPRETER' | 'NOTEBOOK_REPO' | 'APPLICATION' | 'VISUALIZATION' | 'SPELL';
  name: string;
  description?: string;
  artifact?: string;
  className?: string;
  resources?: string[][];
  license?: string;
  icon?: string;
  published?: string;
  spell?: { magic: string; usage?: string };
  config?: Record<string, unknown>;
}

export interface Permissions {
  owners: string[];
  readers: string[];
  runners: string[];
  writers: string[];
}

/** The login ticket as `GET /api/security/ticket` returns it; `roles` is a JSON array inside a string. */
export interface Ticket {
  principal: string;
  ticket: string;
  roles: string;
  screenUsername?: string;
  redirectURL?: string;
}
