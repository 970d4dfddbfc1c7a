/**
 * The script that runs inside a result's sandboxed frame (no same-origin: it cannot read the app's DOM, cookies
 * or storage). It gives the note's HTML the `z` helper, reports the content height, and for ANGULAR results
 * renders `{{expression}}` bindings, `ng-click`, `ng-model`, `ng-show`/`ng-hide` and `ng-repeat`-free templates
 * against the bound values the page sends in.
 *
 * Messages out (to the page): {zeppelin, kind: 'height' | 'run' | 'bind' | 'unbind' | 'set', ...}.
 * Messages in: {zeppelin, kind: 'scope', values, paragraphIds}.
 */

export const noParagraphWithId = (id: string): string => `Cannot find a paragraph with id ${id}`;

/*
 * The frame script is built from the source text of the functions below (Function.prototype.toString), so none of
 * them may use anything from this module at run time: each gets what it needs from its arguments, and `runtime`
 * receives the others as arguments rather than by name, which the minifier is free to change.
 */

/** What the pieces share: the bound values and the note's paragraph ids, both replaced by each 'scope' message. */
interface FrameScope {
  values: Record<string, unknown>;
  paragraphIds: string[];
}
type Post = (msg: Record<string, unknown>) => void;

/** The frame's side of the page protocol that every result has: the note's `z` helper and the height reports. */
function frameBridge(state: FrameScope): { post: Post; report: () => void } {
  const win = window as unknown as Record<string, unknown>;
  const post = (msg: Record<string, unknown>) => window.parent.postMessage({ zeppelin: true, ...msg }, '*');

  const checkId = (id: unknown): string => {
    if (typeof id !== 'string' || !id) throw new Error('a paragraph id is missing');
    if (state.paragraphIds.length > 0 && state.paragraphIds.indexOf(id) < 0) throw new Error(`Cannot find a paragraph with id ${id}`);
    return id;
  };
  win.z = {
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

  const report = () => post({ kind: 'height', height: Math.ceil(document.documentElement.scrollHeight) });
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(report).observe(document.documentElement);
  window.addEventListener('load', report);
  return { post, report };
}

/** The ANGULAR template engine: binds the markup under a root to the scope values and sends back what the user sets. */
function angularTemplates(state: FrameScope, post: Post): { compile: (root: Node) => void; render: () => void } {
  const win = window as unknown as Record<string, unknown>;
  const changed = new Set<string>();
  const scope = new Proxy({} as Record<string | symbol, unknown>, {
    has: (_t, k) => typeof k === 'string' && !(k in win && !(k in state.values)),
    get: (_t, k) => (typeof k === 'string' ? (k in state.values ? state.values[k] : win[k]) : undefined),
    set: (_t, k, v) => {
      if (typeof k === 'string') {
        state.values[k] = v;
        changed.add(k);
      }
      return true;
    },
  });
  const compiled = new Map<string, (s: unknown) => unknown>();
  const evaluate = (expr: string, statement: boolean): unknown => {
    const key = (statement ? 's:' : 'e:') + expr;
    let f = compiled.get(key);
    if (!f) {
      // `with` needs sloppy mode, which a Function body has unless it opts in.
      f = new Function('s', statement ? `with (s) { ${expr}; }` : `with (s) { return (${expr}); }`) as (s: unknown) => unknown;
      compiled.set(key, f);
    }
    try {
      return f(scope);
    } catch {
      return undefined;
    }
  };
  const show = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const interpolate = (text: string): string => text.replace(/\{\{([^}]+)\}\}/g, (_m, e: string) => show(evaluate(e, false)));

  const bindings: (() => void)[] = [];
  const render = () => bindings.forEach((b) => b());
  const flush = () => {
    changed.forEach((name) => post({ kind: 'set', name, value: state.values[name] }));
    changed.clear();
    render();
  };

  const compile = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const t = n as Text;
        const tpl = t.data;
        if (tpl.includes('{{')) bindings.push(() => { t.data = interpolate(tpl); });
        continue;
      }
      const el = n as HTMLElement;
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.replace(/^data-/, '');
        const v = attr.value;
        if (name === 'ng-click') el.addEventListener('click', () => { evaluate(v, true); flush(); });
        else if (name === 'ng-show') bindings.push(() => { el.style.display = evaluate(v, false) ? '' : 'none'; });
        else if (name === 'ng-hide') bindings.push(() => { el.style.display = evaluate(v, false) ? 'none' : ''; });
        else if (name === 'ng-model' && 'value' in el) {
          const input = el as HTMLInputElement;
          bindings.push(() => {
            const cur = state.values[v];
            if (input.type === 'checkbox') input.checked = !!cur;
            else if (document.activeElement !== input) input.value = show(cur);
          });
          input.addEventListener(input.type === 'checkbox' ? 'change' : 'input', () => {
            state.values[v] = input.type === 'checkbox' ? input.checked : input.value;
            changed.add(v);
            flush();
          });
        } else if (v.includes('{{')) bindings.push(() => el.setAttribute(attr.name, interpolate(v)));
      }
    }
  };
  return { compile, render };
}

/** Starts the frame: takes the page's scope messages, compiles an ANGULAR template, and tells the page it is ready. */
function runtime(
  angular: boolean,
  ownParagraphId: string,
  bridge: typeof frameBridge,
  templates: typeof angularTemplates,
): void {
  const state: FrameScope = { values: {}, paragraphIds: [] };
  const { post, report } = bridge(state);
  const { compile, render } = templates(state, post);

  window.addEventListener('message', (e) => {
    const d = e.data as { zeppelin?: boolean; kind?: string; values?: Record<string, unknown>; paragraphIds?: string[] };
    if (e.source !== window.parent || !d || !d.zeppelin || d.kind !== 'scope') return;
    state.values = { ...(d.values ?? {}) };
    state.paragraphIds = d.paragraphIds ?? [];
    render();
    report();
  });
  const start = () => {
    if (angular) compile(document.body);
    render();
    post({ kind: 'ready', paragraphId: ownParagraphId });
    report();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

const BASE_STYLE = 'body{margin:0;font:14px/1.45 system-ui,sans-serif;color:#222;overflow-y:hidden}img{max-width:100%}';

/** The frame's whole document: our runtime first, then the note's own markup with its scripts and styles. */
export function frameDocument(html: string, opts: { angular: boolean; paragraphId: string }): string {
  const args = [JSON.stringify(opts.angular), JSON.stringify(opts.paragraphId), frameBridge.toString(), angularTemplates.toString()];
  const boot = `(${runtime.toString()})(${args.join(', ')});`;
  // The runtime goes first so that the note's own scripts find `z` while the page loads.
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>${BASE_STYLE}</style><script>${boot.replace(/<\/script/gi, '<\\/script')}</script></head><body>${html}</body></html>`;
}
