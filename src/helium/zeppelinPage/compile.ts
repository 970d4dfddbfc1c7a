/**
 * A small AngularJS-style template binder for Helium settings panels: Zeppelin's page hands visualizations and
 * transformations `$compile`, and their `getSetting()` templates use AngularJS directives. This supports the ones
 * settings templates use: `{{ }}` in text and attributes, ng-repeat, ng-if, ng-show, ng-hide, ng-class, ng-style,
 * ng-click, ng-model (inputs, checkboxes, radios, selects, text areas), ng-change, ng-disabled, ng-checked,
 * ng-selected and ng-bind. Other attributes (drag-and-drop widgets, popovers) are left as they are.
 *
 * Notes:
 * - Expressions run through expressions.ts (no eval), so this works under a strict Content-Security-Policy.
 * - After any event the whole template redraws from its scope (one pass over its bindings), as a digest would.
 */
import { evaluate, expression, hasInterpolation, interpolate, type Scope } from './expressions';
import { bindingsOf, type Bindings, type TemplateScope } from './scope';
import { columnSelect } from './templates';

type Cleanup = () => void;

const same = (a: unknown, b: unknown): boolean => {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return a === b;
  }
};

function classesOf(v: unknown): string[] {
  if (typeof v === 'string') return v.split(/\s+/).filter(Boolean);
  if (Array.isArray(v)) return v.flatMap(classesOf);
  if (v && typeof v === 'object') return Object.entries(v).filter(([, on]) => !!on).map(([c]) => c);
  return [];
}

function bindModel(el: HTMLElement, src: string, scope: TemplateScope, b: Bindings, cleanups: Cleanup[]): void {
  const input = el as HTMLInputElement;
  const kind = el.tagName === 'INPUT' ? (input.type || 'text').toLowerCase() : el.tagName.toLowerCase();
  const read = (): unknown => {
    if (kind === 'checkbox') return input.checked;
    if (kind === 'number' || kind === 'range') return input.value === '' ? null : Number(input.value);
    return input.value;
  };
  const onInput = (): void => {
    if (kind === 'radio' && !input.checked) return;
    expression(src).assign(scope as Scope, read());
    const change = el.getAttribute('ng-change');
    if (change) evaluate(change, scope as Scope);
    b.digest();
  };
  const event = kind === 'checkbox' || kind === 'radio' || kind === 'select' ? 'change' : 'input';
  el.addEventListener(event, onInput);
  cleanups.push(b.add(() => {
    const v = evaluate(src, scope as Scope);
    if (kind === 'checkbox') input.checked = !!v;
    else if (kind === 'radio') input.checked = String(v) === input.value;
    else if (el !== document.activeElement || kind === 'select') input.value = v === undefined || v === null ? '' : String(v);
  }));
}

function bindAttributes(el: HTMLElement, scope: TemplateScope, b: Bindings, cleanups: Cleanup[]): void {
  const s = scope as Scope;
  for (const attr of [...el.attributes]) {
    const { name, value } = attr;
    if (name === 'ng-click') {
      el.addEventListener('click', (event) => scope.$apply(() => { evaluate(value, s, { $event: event }); }));
    } else if (name === 'ng-class') {
      let added: string[] = [];
      cleanups.push(b.add(() => {
        el.classList.remove(...added);
        added = classesOf(evaluate(value, s));
        el.classList.add(...added);
      }));
    } else if (name === 'ng-show' || name === 'ng-hide') {
      cleanups.push(b.add(() => { el.style.display = !!evaluate(value, s) === (name === 'ng-show') ? '' : 'none'; }));
    } else if (name === 'ng-style') {
      cleanups.push(b.add(() => {
        const v = evaluate(value, s);
        if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) el.style.setProperty(k, x === undefined || x === null ? '' : String(x));
      }));
    } else if (name === 'ng-disabled' || name === 'ng-checked' || name === 'ng-selected') {
      const prop = name.slice(3) as 'disabled' | 'checked' | 'selected';
      cleanups.push(b.add(() => { (el as unknown as Record<string, boolean>)[prop] = !!evaluate(value, s); }));
    } else if (name === 'ng-bind') {
      cleanups.push(b.add(() => { const v = evaluate(value, s); el.textContent = v === undefined || v === null ? '' : String(v); }));
    } else if (name === 'ng-model') {
      bindModel(el, value, scope, b, cleanups);
    } else if (name === 'helium-column-select') {
      columnSelect(el, value, s);
    } else if (!name.startsWith('ng-') && hasInterpolation(value)) {
      cleanups.push(b.add(() => el.setAttribute(name, interpolate(value, s))));
    }
  }
}

/** ng-repeat="item in list", "(key, value) in object", with an optional "track by". */
function parseRepeat(src: string): { key?: string; item: string; list: string } {
  const m = /^\s*(?:\(\s*(\w+)\s*,\s*(\w+)\s*\)|(\w+))\s+in\s+([\s\S]+?)(?:\s+track\s+by\s+[\s\S]+)?\s*$/.exec(src);
  if (!m) throw new Error(`ng-repeat: cannot read "${src}"`);
  return m[3] ? { item: m[3], list: m[4] } : { key: m[1], item: m[2], list: m[4] };
}

/** Replaces `el` by a marker and keeps its copies after it in step with the expression. */
function structural(el: HTMLElement, scope: TemplateScope, b: Bindings, kind: 'ng-repeat' | 'ng-if', cleanups: Cleanup[]): void {
  const src = el.getAttribute(kind) ?? '';
  el.removeAttribute(kind);
  const marker = document.createComment(` ${kind}: ${src} `);
  el.replaceWith(marker);
  let drawn: { node: Node; cleanup: Cleanup }[] = [];
  let last: unknown = Symbol('never');
  const clear = (): void => {
    drawn.forEach((d) => { d.cleanup(); (d.node as ChildNode).remove(); });
    drawn = [];
  };
  cleanups.push(clear);
  const spec = kind === 'ng-repeat' ? parseRepeat(src) : undefined;
  cleanups.push(b.add(() => {
    const value = evaluate(spec ? spec.list : src, scope as Scope);
    const key = spec ? value : !!value;
    if (same(key, last)) return;
    last = spec ? JSON.parse(JSON.stringify(value ?? null)) : key;
    clear();
    const items: [unknown, unknown][] = !spec ? (value ? [[0, undefined]] : [])
      : Array.isArray(value) ? value.map((v, i) => [i, v]) : value && typeof value === 'object' ? Object.entries(value) : [];
    let at: Node = marker;
    items.forEach(([k, v], i) => {
      const child = spec ? scope.$new() : scope;
      if (spec) {
        Object.assign(child, { [spec.item]: v, $index: i, $first: i === 0, $last: i === items.length - 1 });
        if (spec.key) child[spec.key] = k;
      }
      const copy = el.cloneNode(true) as HTMLElement;
      at.parentNode?.insertBefore(copy, at.nextSibling);
      at = copy;
      drawn.push({ node: copy, cleanup: linkNode(copy, child) });
    });
  }));
}

function linkNode(node: Node, scope: TemplateScope): Cleanup {
  const b = bindingsOf(scope);
  const cleanups: Cleanup[] = [];
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    if (hasInterpolation(text)) cleanups.push(b.add(() => { node.textContent = interpolate(text, scope as Scope); }));
  } else if (node instanceof HTMLElement || node instanceof SVGElement) {
    const el = node as HTMLElement;
    if (el.hasAttribute('ng-repeat')) structural(el, scope, b, 'ng-repeat', cleanups);
    else if (el.hasAttribute('ng-if')) structural(el, scope, b, 'ng-if', cleanups);
    else {
      // A select's options must exist before its ng-model picks one.
      const children = (): void => { for (const child of [...el.childNodes]) cleanups.push(linkNode(child, scope)); };
      if (el.tagName === 'SELECT') children();
      bindAttributes(el, scope, b, cleanups);
      if (el.tagName !== 'SELECT') children();
    }
  }
  return () => cleanups.forEach((c) => c());
}

/** Zeppelin's `$compile(nodes)(scope)`: binds the nodes (a jQuery collection, a node list or one node) to the scope. */
export function compileTemplate(nodes: unknown): (scope: TemplateScope) => unknown {
  const list: Node[] = nodes instanceof Node ? [nodes] : Array.from(nodes as ArrayLike<Node>);
  return (scope) => {
    for (const n of list) linkNode(n, scope);
    return nodes;
  };
}
