/**
 * The interpreter page (`#/interpreter`): settings, the group templates a new setting is made from, Maven
 * repositories, and which dialog or editor is open. Form drafts live in the components until submitted; the
 * submitted form is checked here (pure functions) so the spec's texts are tested without a browser.
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InterpreterDependency, InterpreterOption, InterpreterProperty, InterpreterSetting } from '../protocol';
import { loadCases, type LoadStatus } from './adminAccess';

export const INTERPRETER_TEXT = {
  badName: "Interpreter name shouldn't be empty, and can consist only of: -_a-zA-Z0-9",
  noGroup: 'Please choose an interpreter group',
  duplicate: (name: string) => `Name ${name} already exists`,
  restarted: 'Interpreter stopped. Will be lazily started on next run.',
  restartFailedTitle: 'Error restart interpreter.',
  downloadFailedTitle: 'Error downloading dependencies',
  noConnection: 'Could not connect to server.',
  settingError: (group: string, name: string, reason: string) => `Error setting properties for interpreter '${group}.${name}': ${reason}`,
  installFailed: (name: string) => `Error while starting to install ${name} interpreter`,
  confirmRemove: 'Do you want to delete this interpreter setting?',
  confirmRestart: 'Do you want to restart this interpreter?',
  confirmUpdate: 'Do you want to update this interpreter and restart with new settings?',
  confirmRemoveRepository: 'Do you want to delete this repository?',
} as const;

/** Spec section 9: a setting downloading its dependencies is fetched again every 2 s. */
export const DOWNLOAD_REFRESH_MS = 2000;
/** Spec section 9: repository messages stay 3000 ms. */
export const REPOSITORY_TOAST_MS = 3000;
export const NAME_PATTERN = /^[-_a-zA-Z0-9]+$/;
export const DEFAULT_REPOSITORIES = ['central', 'local'];
export const PROPERTY_TYPES = ['textarea', 'string', 'number', 'url', 'password', 'checkbox'];

export interface TemplateProperty {
  envName?: string;
  propertyName?: string;
  defaultValue: InterpreterProperty['value'];
  description?: string;
  type: string;
}

export interface InterpreterTemplate {
  name: string;
  group: string;
  properties: Record<string, TemplateProperty>;
}

export interface Repository {
  id: string;
  url: string;
  snapshotPolicy?: { enabled?: boolean };
  proxy?: { type?: string; host?: string; port?: number };
}

export interface RepositoryForm {
  id: string;
  url: string;
  snapshot: boolean;
  username: string;
  password: string;
  proxyProtocol: string;
  proxyHost: string;
  proxyPort: string;
  proxyLogin: string;
  proxyPassword: string;
}

export const emptyRepositoryForm = (): RepositoryForm => ({
  id: '', url: '', snapshot: false, username: '', password: '', proxyProtocol: 'HTTP', proxyHost: '', proxyPort: '', proxyLogin: '', proxyPassword: '',
});

export interface PropertyRow {
  name: string;
  value: InterpreterProperty['value'];
  type: string;
  description?: string;
}

export interface DependencyRow {
  groupArtifactVersion: string;
  /** Comma-separated, as typed. */
  exclusions: string;
}

/** What the create form and the editor submit. */
export interface SettingForm {
  name: string;
  group: string;
  properties: PropertyRow[];
  dependencies: DependencyRow[];
  option: InterpreterOption;
  /** A property or dependency typed but not yet added: the spec adds it on submit. */
  pendingProperty?: PropertyRow;
  pendingDependency?: DependencyRow;
}

export const defaultOption = (): InterpreterOption => ({
  remote: true, port: -1, perNote: 'shared', perUser: 'shared', isExistingProcess: false, setPermission: false, owners: [], isUserImpersonate: false,
});

/** The form with its pending rows added (when they have a name / artifact). */
export function withPendingRows(form: SettingForm): SettingForm {
  const properties = [...form.properties];
  const dependencies = [...form.dependencies];
  const p = form.pendingProperty;
  if (p && p.name.trim() && !properties.some((x) => x.name === p.name.trim())) properties.push({ ...p, name: p.name.trim() });
  const d = form.pendingDependency;
  if (d && d.groupArtifactVersion.trim()) dependencies.push({ ...d, groupArtifactVersion: d.groupArtifactVersion.trim() });
  return { ...form, properties, dependencies, pendingProperty: undefined, pendingDependency: undefined };
}

/** Null when the new setting may be sent; else the spec's message. */
export function validateNewSetting(form: SettingForm, existing: InterpreterSetting[]): string | null {
  if (!NAME_PATTERN.test(form.name)) return INTERPRETER_TEXT.badName;
  if (!form.group) return INTERPRETER_TEXT.noGroup;
  if (existing.some((s) => s.name === form.name)) return INTERPRETER_TEXT.duplicate(form.name);
  return null;
}

/** The REST body of POST and PUT. */
export function settingRequest(form: SettingForm): { name: string; group: string; properties: Record<string, InterpreterProperty>; dependencies: InterpreterDependency[]; option: InterpreterOption } {
  return {
    name: form.name,
    group: form.group,
    properties: Object.fromEntries(form.properties.map((p) => [p.name, { name: p.name, value: p.value, type: p.type, ...(p.description ? { description: p.description } : {}) }])),
    dependencies: form.dependencies.map((d) => ({
      groupArtifactVersion: d.groupArtifactVersion,
      local: false,
      exclusions: d.exclusions.split(',').map((x) => x.trim()).filter(Boolean),
    })),
    option: form.option,
  };
}

/** Rows for the editor, from a stored setting. */
export function formOf(s: InterpreterSetting): SettingForm {
  return {
    name: s.name,
    group: s.group,
    properties: Object.entries(s.properties).map(([k, p]) => ({ name: k, value: p.value, type: p.type || 'string', description: p.description })),
    dependencies: s.dependencies.map((d) => ({ groupArtifactVersion: d.groupArtifactVersion, exclusions: (d.exclusions ?? []).join(',') })),
    option: { ...defaultOption(), ...s.option },
  };
}

/** Spec: Globally, Per Note or Per User. */
export function runningScope(o: InterpreterOption): 'Globally' | 'Per Note' | 'Per User' {
  if (o.perUser && o.perUser !== 'shared') return 'Per User';
  if (o.perNote && o.perNote !== 'shared') return 'Per Note';
  return 'Globally';
}

/** Documentation links follow the server version; the datasource-authorization page moved under /setup after 0.7. */
export function docsLinks(version: string | null): { interpreters: string; datasourceAuthorization: string } {
  const v = (version ?? '').split('-')[0] || 'latest';
  const minor = Number(v.split('.')[1]);
  const base = `https://zeppelin.apache.org/docs/${v}`;
  return {
    interpreters: `${base}/usage/interpreter/overview.html`,
    datasourceAuthorization: `${base}${Number.isFinite(minor) && minor > 7 ? '/setup' : ''}/security/datasource_authorization.html`,
  };
}

export type InterpreterConfirm =
  | { kind: 'remove'; id: string }
  | { kind: 'restart'; id: string }
  | { kind: 'update'; id: string; form: SettingForm }
  | { kind: 'removeRepository'; id: string };

/** The settings themselves live in the `interpreters` slice, which also handles this page's loads and edits. */
export interface AdminInterpretersState {
  status: LoadStatus;
  templates: InterpreterTemplate[];
  propertyTypes: string[];
  repositories: Repository[];
  search: string;
  createOpen: boolean;
  /** Bumped on each successful create or cancel, so the form component starts from empty. */
  createFormKey: number;
  createError: string | null;
  saving: boolean;
  editing: string | null;
  confirm: InterpreterConfirm | null;
  errorDialog: { title: string; message: string } | null;
  repositoryAddOpen: boolean;
  repositoryError: string | null;
}

const initialState: AdminInterpretersState = {
  status: 'idle', templates: [], propertyTypes: PROPERTY_TYPES, repositories: [], search: '', createOpen: false, createFormKey: 0,
  createError: null, saving: false, editing: null, confirm: null, errorDialog: null, repositoryAddOpen: false, repositoryError: null,
};

// The loaded settings go to the interpreters slice, the one owner of settings.
const load = loadCases<AdminInterpretersState, { settings: InterpreterSetting[]; templates: InterpreterTemplate[]; propertyTypes: string[] }>('status', (state, page) => {
  state.templates = [...page.templates].sort((x, y) => x.group.localeCompare(y.group));
  if (page.propertyTypes.length > 0) state.propertyTypes = page.propertyTypes;
});

export const adminInterpretersSlice = createSlice({
  name: 'adminInterpreters',
  initialState,
  reducers: {
    loadRequested: load.requested,
    loaded: load.loaded,
    loadFailed: load.failed,
    settingRefreshed(_state, _a: PayloadAction<InterpreterSetting>) {},
    searchChanged(state, a: PayloadAction<string>) {
      state.search = a.payload;
    },
    createToggled(state) {
      state.createOpen = !state.createOpen;
      state.createError = null;
      state.createFormKey += 1;
    },
    createSubmitted(state, _a: PayloadAction<SettingForm>) {
      state.createError = null;
      state.saving = true;
    },
    createFailed(state, a: PayloadAction<string | null>) {
      state.saving = false;
      state.createError = a.payload;
    },
    created(state, _a: PayloadAction<InterpreterSetting>) {
      state.saving = false;
      state.createOpen = false;
      state.createError = null;
      state.createFormKey += 1;
    },
    editStarted(state, a: PayloadAction<string>) {
      state.editing = a.payload;
    },
    editCancelled(state) {
      state.editing = null;
    },
    updateRequested(state, a: PayloadAction<{ id: string; form: SettingForm }>) {
      state.confirm = { kind: 'update', id: a.payload.id, form: a.payload.form };
    },
    removeRequested(state, a: PayloadAction<string>) {
      state.confirm = { kind: 'remove', id: a.payload };
    },
    restartRequested(state, a: PayloadAction<string>) {
      state.confirm = { kind: 'restart', id: a.payload };
    },
    repositoryRemoveRequested(state, a: PayloadAction<string>) {
      state.confirm = { kind: 'removeRepository', id: a.payload };
    },
    confirmCancelled(state) {
      state.confirm = null;
    },
    /** The saga acts on the confirmed question. */
    confirmAccepted(state, _a: PayloadAction<InterpreterConfirm>) {
      // A confirmed update closes the editor; a failed save opens it again (spec section 8).
      if (state.confirm?.kind === 'update') state.editing = null;
      state.confirm = null;
    },
    updated(_state, _a: PayloadAction<InterpreterSetting>) {},
    updateFailed(state, a: PayloadAction<string>) {
      state.editing = a.payload;
    },
    removed(state, a: PayloadAction<string>) {
      if (state.editing === a.payload) state.editing = null;
    },
    errorDialogOpened(state, a: PayloadAction<{ title: string; message: string }>) {
      state.errorDialog = a.payload;
    },
    errorDialogClosed(state) {
      state.errorDialog = null;
    },
    repositoriesLoaded(state, a: PayloadAction<Repository[]>) {
      state.repositories = a.payload;
    },
    repositoryAddToggled(state) {
      state.repositoryAddOpen = !state.repositoryAddOpen;
      state.repositoryError = null;
    },
    repositoryAddSubmitted(state, _a: PayloadAction<RepositoryForm>) {
      state.repositoryError = null;
    },
    repositoryAddFailed(state, a: PayloadAction<string>) {
      state.repositoryError = a.payload;
    },
    repositoryAdded(state) {
      state.repositoryAddOpen = false;
    },
  },
  selectors: {
    selectAdminInterpreters: (s) => s,
  },
});

export const adminInterpreters = adminInterpretersSlice.actions;
export const { selectAdminInterpreters } = adminInterpretersSlice.selectors;

/** Settings shown for the search text (name, group or one of its interpreters' names contains it, case-insensitive). */
export const selectVisibleSettings = createSelector(
  [(s: { interpreters: { settings: InterpreterSetting[] } }) => s.interpreters.settings, (s: { adminInterpreters: AdminInterpretersState }) => s.adminInterpreters.search],
  (settings, search): InterpreterSetting[] => {
    const q = search.trim().toLowerCase();
    const hit = (x: InterpreterSetting): boolean => x.name.toLowerCase().includes(q) || x.group.toLowerCase().includes(q)
      || (x.interpreterGroup ?? []).some((i) => i.name.toLowerCase().includes(q));
    return q ? settings.filter(hit) : settings;
  },
);
