/**
 * Helium APPLICATION packages: small server-side modules that run next to the interpreter on a paragraph's
 * results and stream HTML or text output to the note's room through the APP_* ops (PROTOCOL 2.9).
 *
 * Notes:
 * - An app module is a CommonJS file named by the descriptor's `app` field. It exports
 *   `run(input, output)`: `input = {noteId, paragraphId, results: [{type, data}], config}`; `output.update(data,
 *   type?)` replaces the output, `output.append(data)` adds to it. `run` may return a promise.
 * - Requirements: the descriptor's `resources` is a list of alternatives, each a list of `result:<TYPE>` entries
 *   that must all be present among the paragraph's results (an empty or missing list offers the app everywhere).
 * - The application state (status and output) is kept in `paragraph.apps`, so a reload shows it again.
 */
import { createRequire } from 'node:module';
import type { ApplicationState, Paragraph } from '../../protocol';
import { findParagraph } from '../notes/paragraphs';
import type { Services } from '../services';
import { errorMessage, noSuchNote, noSuchParagraph, ZeppelinError } from '../util/errors';
import type { HeliumSearchResult, HeliumService } from './service';

type AppStatus = ApplicationState['status'];

export interface AppOutput {
  update(data: string, type?: string): void;
  append(data: string): void;
}

export interface AppInput {
  noteId: string;
  paragraphId: string;
  results: { type: string; data: string }[];
  config: Record<string, unknown>;
}

interface AppModule {
  run(input: AppInput, output: AppOutput): unknown;
}

/** Zeppelin's application id: note and paragraph ids plus the package name with dots made safe. */
export const appIdOf = (noteId: string, paragraphId: string, pkgName: string): string => `app_${noteId}-${paragraphId}${pkgName.replace(/\./g, '_')}`;

/** Whether a paragraph's results satisfy an app's `resources` requirement. */
export function resourcesMatch(resources: unknown, p: Paragraph): boolean {
  if (!Array.isArray(resources) || resources.length === 0) return true;
  const types = new Set((p.results?.msg ?? []).map((m) => `result:${m.type}`));
  return resources.some((alt) => Array.isArray(alt) && alt.every((r) => typeof r === 'string' && types.has(r)));
}

const isModule = (m: unknown): m is AppModule => typeof m === 'object' && m !== null && typeof (m as AppModule).run === 'function';

export class HeliumApps {
  constructor(private readonly s: Services, private readonly helium: HeliumService) {}

  private paragraph(noteId: string, paragraphId: string): { paragraph: Paragraph } {
    const entry = this.s.notebook.get(noteId);
    if (!entry) throw noSuchNote(noteId);
    const found = findParagraph(entry.note, paragraphId);
    if (!found) throw noSuchParagraph(paragraphId);
    return found;
  }

  /** Enabled applications whose requirement the paragraph's results meet. */
  async suggest(noteId: string, paragraphId: string): Promise<{ available: HeliumSearchResult[] }> {
    const { paragraph } = this.paragraph(noteId, paragraphId);
    return {
      available: (await this.helium.enabledPackages()).filter((r) => r.pkg.type === 'APPLICATION' && resourcesMatch(r.pkg.resources, paragraph)),
    };
  }

  /**
   * Loads `pkg` into the paragraph and answers its application id at once; the app runs afterwards and reports
   * through APP_STATUS_CHANGE and the output ops. Loading an app again re-runs it on the current results.
   */
  async load(noteId: string, paragraphId: string, body: unknown): Promise<string> {
    const { paragraph } = this.paragraph(noteId, paragraphId);
    const name = typeof body === 'object' && body !== null ? (body as { name?: unknown }).name : undefined;
    if (typeof name !== 'string' || name === '') throw new ZeppelinError('Expected a Helium package with a name');
    const registered = await this.helium.enabledPackage(name);
    if (!registered || registered.pkg.type !== 'APPLICATION') throw new ZeppelinError(`Application ${name} is not enabled`);
    if (!registered.appFile) throw new ZeppelinError(`Application ${name} has no app module`);
    if (!resourcesMatch(registered.pkg.resources, paragraph)) throw new ZeppelinError(`Application ${name} does not apply to paragraph ${paragraphId}`);
    const pkg = registered.pkg;
    const appId = appIdOf(noteId, paragraphId, pkg.name);
    const apps = (paragraph.apps ??= []);
    const state: ApplicationState = apps.find((a) => a.id === appId) ?? { status: 'UNLOADED', id: appId, pkg };
    if (!apps.includes(state)) apps.push(state);
    state.pkg = pkg;
    state.status = 'UNLOADED';
    state.output = '';
    this.s.connections.toRoom(noteId, 'APP_LOAD', { noteId, paragraphId, appId, pkg });
    const input: AppInput = {
      noteId, paragraphId, config: await this.helium.configValues(name),
      results: (paragraph.results?.msg ?? []).map((m) => ({ type: m.type, data: m.data })),
    };
    // Answer the REST call first: the client learns the id, then follows the events.
    setImmediate(() => void this.run(noteId, paragraphId, state, registered.appFile as string, input));
    return appId;
  }

  private status(noteId: string, paragraphId: string, state: ApplicationState, status: AppStatus): void {
    state.status = status;
    this.s.connections.toRoom(noteId, 'APP_STATUS_CHANGE', { noteId, paragraphId, appId: state.id, status });
  }

  private async run(noteId: string, paragraphId: string, state: ApplicationState, file: string, input: AppInput): Promise<void> {
    const appId = state.id;
    const output: AppOutput = {
      update: (data, type = 'HTML') => {
        state.output = String(data);
        this.s.connections.toRoom(noteId, 'APP_UPDATE_OUTPUT', { noteId, paragraphId, index: 0, type, appId, data: state.output });
      },
      append: (data) => {
        state.output = (state.output ?? '') + String(data);
        this.s.connections.toRoom(noteId, 'APP_APPEND_OUTPUT', { noteId, paragraphId, index: 0, appId, data: String(data) });
      },
    };
    this.status(noteId, paragraphId, state, 'LOADING');
    try {
      // A fresh require each time, so that an operator's edit to the module applies on the next load.
      const req = createRequire(file);
      delete req.cache[req.resolve(file)];
      const mod: unknown = req(file);
      if (!isModule(mod)) throw new Error('the app module does not export run(input, output)');
      await mod.run(input, output);
      this.status(noteId, paragraphId, state, 'LOADED');
    } catch (e) {
      output.update(`Application ${state.pkg.name} failed: ${errorMessage(e)}`, 'TEXT');
      this.status(noteId, paragraphId, state, 'ERROR');
    }
    await this.s.notebook.save(noteId).catch((e: unknown) => console.error(`[helium] saving app state of ${noteId} failed:`, e));
  }
}
