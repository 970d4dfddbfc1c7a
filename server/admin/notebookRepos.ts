/**
 * The notebook storage back ends shown on the notebook-repositories page (PROTOCOL 3.8): the plain local folder of
 * `.zpln` files and the git-versioned folder (revisions). Both use the same folder; `zeppelin.notebook.storage`
 * chooses which one serves notes. The server opens its store once at start, and notes cannot move under running
 * executions, so an edited path or a newly chosen back end is saved to zeppelin-site.xml and used from the next
 * start; each entry says what is active now beside what is saved.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { UnreadableNote } from '../storage/noteRepo';
import { GIT_REPO_CLASS, VFS_REPO_CLASS, type StorageKind } from '../storage/select';
import { ZeppelinError } from '../util/errors';
import { setSiteProperty } from './siteXml';

export interface RepoSetting {
  type: 'INPUT' | 'DROPDOWN';
  value: { name: string; value: string }[];
  selected: string;
  name: string;
}

export interface NotebookRepoInfo {
  name: string;
  className: string;
  settings: RepoSetting[];
  /** Ours, additive: the folder notes are read from right now (differs from the setting until a restart). */
  activePath: string;
  /** Ours, additive: whether this back end serves notes right now. */
  active: boolean;
  /** Ours, additive, on the back end in use: note files the last load skipped (relative path and reason). */
  unreadableNotes?: UnreadableNote[];
}

export const LOCAL_REPO_NAME = 'LocalFolderNotebookRepo';
export const LOCAL_REPO_CLASS = 'zeppelin.notebook.repo.LocalFolderNotebookRepo';
export const GIT_REPO_NAME = 'GitNotebookRepo';
export const NOTEBOOK_PATH = 'Notebook Path';
export const USE_REPO = 'Use for notes';
const YES_NO = [{ name: 'Yes', value: 'true' }, { name: 'No', value: 'false' }];

interface Backend {
  name: string;
  className: string;
  kind: StorageKind;
}

const BACKENDS: Backend[] = [
  { name: LOCAL_REPO_NAME, className: LOCAL_REPO_CLASS, kind: 'plain' },
  { name: GIT_REPO_NAME, className: GIT_REPO_CLASS, kind: 'git' },
];

export class NotebookRepos {
  private configuredPath: string;
  private configuredKind: StorageKind;

  constructor(
    private readonly confDir: string,
    private readonly activePath: string,
    private readonly activeKind: StorageKind,
    private readonly unreadable: () => UnreadableNote[] = () => [],
  ) {
    this.configuredPath = activePath;
    this.configuredKind = activeKind;
  }

  list(): NotebookRepoInfo[] {
    return BACKENDS.map((b) => this.info(b));
  }

  private info(b: Backend): NotebookRepoInfo {
    const used = String(this.configuredKind === b.kind);
    return {
      name: b.name,
      className: b.className,
      settings: [
        { type: 'INPUT', name: NOTEBOOK_PATH, selected: this.configuredPath, value: [{ name: NOTEBOOK_PATH, value: this.configuredPath }] },
        { type: 'DROPDOWN', name: USE_REPO, selected: used, value: YES_NO },
      ],
      activePath: this.activePath,
      active: this.activeKind === b.kind,
      ...(this.activeKind === b.kind ? { unreadableNotes: this.unreadable() } : {}),
    };
  }

  /** `name` may be the repo's name or class name, as Zeppelin accepts both. Throws NOT_ACCEPTABLE for bad settings. */
  async update(name: string, settings: Record<string, unknown>): Promise<{ repo: NotebookRepoInfo; changed: boolean }> {
    const backend = BACKENDS.find((b) => b.name === name || b.className === name);
    if (!backend) throw new ZeppelinError(`No notebook repository ${name}`, 'NOT_FOUND');
    const keys = Object.keys(settings);
    if (keys.length === 0) throw new ZeppelinError('No settings given', 'NOT_ACCEPTABLE');
    const unknown = keys.filter((k) => k !== NOTEBOOK_PATH && k !== USE_REPO);
    if (unknown.length > 0) throw new ZeppelinError(`Unknown setting: ${unknown.join(', ')}`, 'NOT_ACCEPTABLE');
    const path = NOTEBOOK_PATH in settings ? this.checkedPath(settings[NOTEBOOK_PATH]) : this.configuredPath;
    const use = settings[USE_REPO];
    if (use !== undefined && use !== 'true' && use !== 'false') throw new ZeppelinError(`${USE_REPO} must be "true" or "false"`, 'NOT_ACCEPTABLE');
    // Saying "No" to the one in use would leave no store; choosing another one is how the switch is made.
    if (use === 'false' && this.configuredKind === backend.kind) {
      throw new ZeppelinError(`Choose the other repository to stop using ${backend.name}`, 'NOT_ACCEPTABLE');
    }
    let changed = false;
    if (path !== this.configuredPath) {
      await setSiteProperty(this.confDir, 'zeppelin.notebook.dir', path);
      this.configuredPath = path;
      changed = true;
    }
    if (use === 'true' && this.configuredKind !== backend.kind) {
      await setSiteProperty(this.confDir, 'zeppelin.notebook.storage', backend.kind === 'git' ? GIT_REPO_CLASS : VFS_REPO_CLASS);
      this.configuredKind = backend.kind;
      changed = true;
    }
    return { repo: this.info(backend), changed };
  }

  private checkedPath(raw: unknown): string {
    if (typeof raw !== 'string' || raw.trim() === '') throw new ZeppelinError(`${NOTEBOOK_PATH} must not be empty`, 'NOT_ACCEPTABLE');
    const path = raw.trim();
    if (!isAbsolute(path)) throw new ZeppelinError(`${NOTEBOOK_PATH} must be an absolute path`, 'NOT_ACCEPTABLE');
    const target = resolve(path);
    if (existsSync(target) ? !statSync(target).isDirectory() : !existsSync(dirname(target))) {
      throw new ZeppelinError(`${target} is not a folder, nor can one be created there`, 'NOT_ACCEPTABLE');
    }
    return target;
  }
}
