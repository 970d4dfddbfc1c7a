/**
 * The scope a settings template is bound to, as Zeppelin's page creates it (`_createNewScope()`): the setting's
 * values are set on it, `$apply(fn)` changes them and redraws every binding, child scopes (ng-repeat items) see
 * their parent's values through the prototype chain.
 */

export interface TemplateScope {
  [key: string]: unknown;
  $apply(fn?: () => void): void;
  $new(): TemplateScope;
  $destroy(): void;
}

/** The bindings of one drawn template: each redraws its piece of the DOM from the scope. */
export class Bindings {
  private readonly updaters = new Set<() => void>();
  private running = false;

  add(update: () => void): () => void {
    this.updaters.add(update);
    update();
    return () => this.updaters.delete(update);
  }

  digest(): void {
    if (this.running) return;
    this.running = true;
    try {
      for (const u of [...this.updaters]) if (this.updaters.has(u)) u();
    } finally {
      this.running = false;
    }
  }
}

function makeScope(parent: object | null, bindings: Bindings): TemplateScope {
  const scope = Object.create(parent) as TemplateScope;
  Object.defineProperties(scope, {
    $apply: {
      value(fn?: () => void) {
        try {
          fn?.();
        } finally {
          bindings.digest();
        }
      },
    },
    $new: { value: () => makeScope(scope, bindings) },
    $destroy: { value: () => undefined },
    $$bindings: { value: bindings },
  });
  return scope;
}

export function createScope(): TemplateScope {
  return makeScope(null, new Bindings());
}

export function bindingsOf(scope: TemplateScope): Bindings {
  return (scope as unknown as { $$bindings: Bindings }).$$bindings;
}
