/**
 * The notebook storage back ends shown on the notebook-repositories page (PROTOCOL 3.8). This server has one: the
 * local folder of `.zpln` files. Its path is read by the server at start (zeppelin.notebook.dir), and notes cannot
 * move folders under running executions, so an edited path is saved to zeppelin-site.xml and used from the next
 * start; the page shows both the saved and the active path.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
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
}

export const LOCAL_REPO_NAME = 'LocalFolderNotebookRepo';
export const LOCAL_REPO_CLASS = 'zeppelin.notebook.repo.LocalFolderNotebookRepo';
export const NOTEBOOK_PATH = 'Notebook Path';

export class NotebookRepos {
  private configuredPath: string;

  constructor(
    private readonly confDir: string,
    private readonly activePath: string,
  ) {
    this.configuredPath = activePath;
  }

  list(): NotebookRepoInfo[] {
    return [this.local()];
  }

  private local(): NotebookRepoInfo {
    return {
      name: LOCAL_REPO_NAME,
      className: LOCAL_REPO_CLASS,
      settings: [{ type: 'INPUT', name: NOTEBOOK_PATH, selected: this.configuredPath, value: [{ name: NOTEBOOK_PATH, value: this.configuredPath }] }],
      activePath: this.activePath,
    };
  }

  /** `name` may be the repo's name or class name, as Zeppelin accepts both. Throws NOT_ACCEPTABLE for bad settings. */
  async update(name: string, settings: Record<string, unknown>): Promise<{ repo: NotebookRepoInfo; changed: boolean }> {
    if (name !== LOCAL_REPO_NAME && name !== LOCAL_REPO_CLASS) throw new ZeppelinError(`No notebook repository ${name}`, 'NOT_FOUND');
    const keys = Object.keys(settings);
    if (keys.length === 0) throw new ZeppelinError('No settings given', 'NOT_ACCEPTABLE');
    const unknown = keys.filter((k) => k !== NOTEBOOK_PATH);
    if (unknown.length > 0) throw new ZeppelinError(`Unknown setting: ${unknown.join(', ')}`, 'NOT_ACCEPTABLE');
    const raw = settings[NOTEBOOK_PATH];
    if (typeof raw !== 'string' || raw.trim() === '') throw new ZeppelinError(`${NOTEBOOK_PATH} must not be empty`, 'NOT_ACCEPTABLE');
    const path = raw.trim();
    if (!isAbsolute(path)) throw new ZeppelinError(`${NOTEBOOK_PATH} must be an absolute path`, 'NOT_ACCEPTABLE');
    const target = resolve(path);
    if (existsSync(target) ? !statSync(target).isDirectory() : !existsSync(dirname(target))) {
      throw new ZeppelinError(`${target} is not a folder, nor can one be created there`, 'NOT_ACCEPTABLE');
    }
    if (target === this.configuredPath) return { repo: this.local(), changed: false };
    await setSiteProperty(this.confDir, 'zeppelin.notebook.dir', target);
    this.configuredPath = target;
    return { repo: this.local(), changed: true };
  }
}
