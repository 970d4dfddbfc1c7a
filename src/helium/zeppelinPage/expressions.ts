/**
 * Angular expressions (`config.mode == 'all'`, `remove(prop.name)`, `col.name | limitTo: 30`) evaluated with
 * AngularJS's own parser (angular-expressions) in its CSP mode, which interprets the syntax tree instead of
 * generating code, so settings templates work under a Content-Security-Policy without 'unsafe-eval'.
 */
import { compile } from 'angular-expressions';

export type Scope = Record<string, unknown>;

type Evaluator = ((scope: Scope, locals?: Scope) => unknown) & { assign(scope: Scope, value: unknown): unknown };

/** AngularJS's `limitTo` for strings and arrays, the one filter Zeppelin's own setting templates use. */
function limitTo(input: unknown, limit: unknown): unknown {
  const n = Number(limit);
  if (!Number.isFinite(n) || (typeof input !== 'string' && !Array.isArray(input))) return input;
  return n >= 0 ? input.slice(0, n) : input.slice(n);
}

const OPTIONS = { csp: true, filters: { limitTo } } as unknown as Parameters<typeof compile>[1];
const cache = new Map<string, Evaluator>();

export function expression(src: string): Evaluator {
  let fn = cache.get(src);
  if (!fn) {
    fn = compile(src, OPTIONS) as unknown as Evaluator;
    cache.set(src, fn);
  }
  return fn;
}

/**
 * The parser reads only a scope's own properties, so a child scope (an ng-repeat item, made with Object.create) is
 * read as its root scope with the values set along the way as locals, nearer ones first, as AngularJS resolves them.
 */
function split(scope: Scope): [Scope, Scope] {
  const chain: Scope[] = [];
  let root = scope;
  for (let up = Object.getPrototypeOf(root) as Scope | null; up !== null && up !== Object.prototype; up = Object.getPrototypeOf(up) as Scope | null) {
    chain.push(root);
    root = up;
  }
  const locals: Scope = {};
  for (const s of chain.reverse()) Object.assign(locals, s);
  return [root, locals];
}

export function evaluate(src: string, scope: Scope, locals?: Scope): unknown {
  const [root, inherited] = split(scope);
  return expression(src)(root, { ...inherited, ...locals });
}

/** `Hello {{name}}!` with every `{{expr}}` evaluated; undefined and null print as nothing. */
export function interpolate(text: string, scope: Scope): string {
  return text.replace(/\{\{([\s\S]+?)\}\}/g, (_m, src: string) => {
    const v = evaluate(src, scope);
    if (v === undefined || v === null) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

export const hasInterpolation = (text: string): boolean => /\{\{[\s\S]+?\}\}/.test(text);
