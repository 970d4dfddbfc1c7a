/**
 * The page environment Zeppelin's Helium bundles expect, loaded as its own chunk before the first bundle runs (so
 * the app's own bundle carries none of it): the globals (globals.ts) and the hooks Zeppelin's page sets on every
 * visualization and transformation before rendering (`_compile`, `_createNewScope`, `_templateRequest`).
 */
import type { ZeppelinPageHooks } from '../../../sagas/heliumRegistry';
import { compileTemplate } from './compile';
import { installGlobals } from './globals';
import { createScope } from './scope';
import { TEMPLATES } from './templates';

export function installZeppelinPage(): ZeppelinPageHooks {
  const $ = installGlobals();
  return {
    wrap: (el: HTMLElement) => $(el),
    compile: compileTemplate,
    createNewScope: createScope,
    templateRequest: (url: string) => {
      const t = TEMPLATES[url];
      return t === undefined ? Promise.reject(new Error(`No settings template ${url}`)) : Promise.resolve(t);
    },
  };
}
