/**
 * The note's result document: one sandboxed frame (no same-origin rights, so nothing here can reach the app's DOM,
 * cookies or storage) that hosts every HTML, ANGULAR and ELEMENT result of the note, each in its own container
 * placed over its paragraph's placeholder. Like a Zeppelin page, the results share one window: a script of one
 * paragraph sees the globals another defined, and the outputs of one paragraph share their DOM.
 *
 * Results are inserted and their scripts run in note order, one result at a time, waiting for external scripts as
 * a page would; ANGULAR results are compiled by AngularJS (loaded when the first one arrives).
 */
import type { FromFrame, FrameItem, SlotPlace, ToFrame } from './messages';
import type { AngularResults } from './angularResults';

type Out = FromFrame extends infer M ? (M extends { zeppelin: true } ? Omit<M, 'zeppelin'> : never) : never;

const post = (m: Out): void => window.parent.postMessage({ zeppelin: true, ...m }, '*');

const state = { paragraphIds: [] as string[], values: {} as Record<string, Record<string, unknown>> };

function checkId(id: unknown): string {
  if (typeof id !== 'string' || !id) throw new Error('a paragraph id is missing');
  if (state.paragraphIds.length > 0 && state.paragraphIds.indexOf(id) < 0) throw new Error(`Cannot find a paragraph with id ${id}`);
  return id;
}

/** Zeppelin's front-end `z`: in every result's scripts, and in every ANGULAR result's scope. */
const z = {
  runParagraph(id: unknown) {
    post({ kind: 'run', paragraphId: checkId(id) });
  },
  angularBind(name: string, value: unknown, id: unknown) {
    post({ kind: 'bind', name, value, paragraphId: checkId(id) });
  },
  angularUnbind(name: string, id: unknown) {
    post({ kind: 'unbind', name, paragraphId: checkId(id) });
  },
};
(window as unknown as { z: typeof z }).z = z;

/** Scripts set through innerHTML do not run: each is replaced by a fresh one, in order, waiting for external ones. */
async function runScripts(root: HTMLElement): Promise<void> {
  for (const old of Array.from(root.querySelectorAll('script'))) {
    const fresh = document.createElement('script');
    for (const a of Array.from(old.attributes)) fresh.setAttribute(a.name, a.value);
    fresh.text = old.text;
    if (fresh.src && !old.hasAttribute('async')) {
      fresh.async = false;
      await new Promise<void>((resolve) => {
        fresh.onload = () => resolve();
        fresh.onerror = () => resolve();
        old.replaceWith(fresh);
      });
    } else {
      old.replaceWith(fresh);
    }
  }
}

// ---- heights: each container's height goes to the page, which sizes the placeholder to it. A timer, not an
// animation frame, batches them: the browser pauses rendering of a frame nobody sees, and the frame is seen only
// once its placeholders have a height.
const pendingHeights: Record<string, number> = {};
let heightsQueued = false;
function measureHeight(el: HTMLElement): void {
  const key = el.dataset.resultKey;
  if (key !== undefined) pendingHeights[key] = Math.ceil(el.getBoundingClientRect().height);
  if (heightsQueued) return;
  heightsQueued = true;
  setTimeout(() => {
    heightsQueued = false;
    const heights = { ...pendingHeights };
    for (const k of Object.keys(pendingHeights)) delete pendingHeights[k];
    post({ kind: 'heights', heights });
  }, 16);
}
const sizes = new ResizeObserver((entries) => entries.forEach((e) => measureHeight(e.target as HTMLElement)));

// ---- results
const containers = new Map<string, { el: HTMLElement; html: string }>();
let angularResults: Promise<AngularResults> | undefined;
const loadAngular = (): Promise<AngularResults> => {
  angularResults ??= import(/* webpackChunkName: "result-angular" */ './angularResults').then((m) => m.createAngularResults(z, state.values, (msg) => post(msg)));
  return angularResults;
};

function containerFor(key: string): HTMLElement {
  const found = containers.get(key);
  if (found) return found.el;
  const el = document.createElement('div');
  el.className = 'zeppelin-result';
  el.dataset.resultKey = key;
  el.hidden = true;
  document.body.appendChild(el);
  containers.set(key, { el, html: '' });
  placeOne(el, lastSlots[key]);
  sizes.observe(el);
  return el;
}

async function show(item: FrameItem): Promise<void> {
  const el = containerFor(item.key);
  const entry = containers.get(item.key);
  if (entry) entry.html = item.html;
  el.dataset.paragraphId = item.paragraphId;
  if (angularResults) (await angularResults).release(el);
  el.innerHTML = item.html;
  measureHeight(el);
  if (item.angular) (await loadAngular()).compile(el, item.paragraphId);
  else await runScripts(el);
  measureHeight(el);
}

function remove(keep: Set<string>): void {
  for (const [key, { el }] of containers) {
    if (keep.has(key)) continue;
    sizes.unobserve(el);
    void angularResults?.then((a) => a.release(el));
    el.remove();
    containers.delete(key);
  }
}

let lastSlots: Record<string, SlotPlace | null> = {};

function placeOne(el: HTMLElement, at: SlotPlace | null | undefined): void {
  el.hidden = !at;
  if (!at) return;
  el.style.top = `${at.top}px`;
  el.style.left = `${at.left}px`;
  el.style.width = `${at.width}px`;
}

function place(slots: Record<string, SlotPlace | null>): void {
  lastSlots = slots;
  for (const [key, { el }] of containers) placeOne(el, slots[key]);
}

// One result at a time, in the order the page sent them, so scripts run as they would on a page.
let work: Promise<void> = Promise.resolve();
const enqueue = (job: () => Promise<void> | void): void => {
  work = work.then(job).catch((e: unknown) => console.error(e));
};

window.addEventListener('message', (e: MessageEvent) => {
  const m = e.data as ToFrame;
  if (e.source !== window.parent || !m || m.zeppelin !== true) return;
  if (m.kind === 'results') {
    const keep = new Set(m.keys);
    enqueue(() => remove(keep));
    for (const item of m.items) enqueue(() => show(item));
  } else if (m.kind === 'layout') {
    place(m.slots);
  } else if (m.kind === 'scope') {
    state.paragraphIds = m.paragraphIds;
    state.values = m.values;
    void angularResults?.then((a) => a.update(m.values));
  }
});

// A double click on a result belongs to its paragraph on the page.
document.addEventListener('dblclick', (e) => {
  const el = e.target instanceof Element ? e.target.closest<HTMLElement>('.zeppelin-result') : null;
  if (el?.dataset.paragraphId) post({ kind: 'dblclick', paragraphId: el.dataset.paragraphId });
});

post({ kind: 'ready' });
