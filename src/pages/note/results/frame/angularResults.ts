/**
 * ANGULAR results as Zeppelin compiles them: real AngularJS (1.8) inside the result document, so its expression
 * language never runs in the app's origin. Scopes: the note's scope holds note-wide angular objects, a child scope
 * per paragraph holds that paragraph's objects and `z`, and each result gets its own child of its paragraph's scope
 * (destroyed with the result). What a user changes in a result (ng-model, an assignment in ng-click) is sent to
 * the page, which sends it to the server as Zeppelin's front end does.
 */
import angular from 'angular';

type Scope = angular.IScope & Record<string, unknown>;
type Values = Record<string, Record<string, unknown>>;
type SetMessage = { kind: 'set'; name: string; value: unknown; paragraphId: string };

export interface AngularResults {
  compile(el: HTMLElement, paragraphId: string): void;
  /** Destroys the scope of the result that `el` held, if it held one. */
  release(el: HTMLElement): void;
  update(values: Values): void;
}

export function createAngularResults(z: object, initial: Values, post: (m: SetMessage) => void): AngularResults {
  angular.module('zeppelinResults', []);
  // Bootstrapped on an element outside the document, so HTML results are never compiled as templates.
  const injector = angular.bootstrap(document.createElement('div'), ['zeppelinResults']);
  const $compile = injector.get<angular.ICompileService>('$compile');
  const $rootScope = injector.get<angular.IRootScopeService>('$rootScope');
  const noteScope = $rootScope.$new() as Scope;
  const paragraphScopes = new Map<string, Scope>();
  const results = new Map<HTMLElement, { scope: Scope; paragraphId: string }>();
  let values: Values = {};

  const paragraphScope = (id: string): Scope => {
    let s = paragraphScopes.get(id);
    if (!s) {
      s = noteScope.$new() as Scope;
      s.z = z;
      paragraphScopes.set(id, s);
    }
    return s;
  };
  /** The value the server knows for a name as a result of `paragraphId` sees it. */
  const known = (paragraphId: string, name: string): unknown =>
    (values[paragraphId] && name in values[paragraphId] ? values[paragraphId][name] : values['']?.[name]);
  const names = (paragraphId: string): string[] => [...Object.keys(values[''] ?? {}), ...Object.keys(values[paragraphId] ?? {})];

  // Runs in every digest: a value a result changed is sent once, then counts as known until the server answers.
  $rootScope.$watch(() => {
    for (const { scope, paragraphId } of results.values()) {
      for (const name of names(paragraphId)) {
        const value = scope[name];
        if (angular.equals(value, known(paragraphId, name))) continue;
        const own = (values[paragraphId] ??= {});
        own[name] = angular.copy(value);
        post({ kind: 'set', name, value: angular.copy(value), paragraphId });
      }
    }
  });

  const update = (next: Values): void => {
    values = angular.copy(next);
    for (const [name, v] of Object.entries(values[''] ?? {})) noteScope[name] = angular.copy(v);
    for (const [id, scope] of paragraphScopes) {
      for (const [name, v] of Object.entries(values[id] ?? {})) scope[name] = angular.copy(v);
    }
    // A value typed into a result shadows the shared one; the server's answer replaces it.
    for (const { scope, paragraphId } of results.values()) {
      for (const name of names(paragraphId)) if (Object.prototype.hasOwnProperty.call(scope, name)) delete scope[name];
    }
    $rootScope.$digest();
  };

  const release = (el: HTMLElement): void => {
    const r = results.get(el);
    if (!r) return;
    r.scope.$destroy();
    results.delete(el);
  };

  const compile = (el: HTMLElement, paragraphId: string): void => {
    release(el);
    const parent = paragraphScope(paragraphId);
    for (const [name, v] of Object.entries(values[paragraphId] ?? {})) parent[name] = angular.copy(v);
    const scope = parent.$new() as Scope;
    results.set(el, { scope, paragraphId });
    $compile(angular.element(el).contents())(scope);
    $rootScope.$digest();
  };

  update(initial);
  return { compile, release, update };
}
