/**
 * What Visualization and Transformation share: drawing a `getSetting()` answer (an Angular-style template, or the
 * URL of one, and the values it binds) with the page's template compiler, and re-binding new values into the scope
 * that is already drawn.
 */

export interface SettingScope {
  $apply(fn?: () => void): void;
  [key: string]: unknown;
}

export interface Setting {
  template: string;
  scope?: Record<string, unknown>;
}

/** A jQuery-like wrapper of the setting's target element (what the page passes). */
export interface SettingTarget {
  html(markup: string): unknown;
  contents(): unknown;
}

/** The page-provided hooks (Zeppelin's result view sets these on every instance before rendering). */
export interface SettingHost {
  _compile?: (nodes: unknown) => (scope: SettingScope) => unknown;
  _createNewScope?: () => SettingScope;
  _templateRequest?: (url: string) => Promise<string>;
  _scope?: SettingScope;
  _prevSettingScope?: Record<string, unknown>;
  _targetEl?: SettingTarget;
}

const isTemplateUrl = (t: string): boolean => !t.includes('\n') && t.endsWith('.html');

function draw(host: SettingHost, target: SettingTarget, template: string, scope: SettingScope): void {
  if (!host._compile) return;
  host._targetEl = target;
  target.html(template);
  host._compile(target.contents())(scope);
  host._scope = scope;
}

export function renderSetting(host: SettingHost, setting: Setting | undefined, target: SettingTarget): void {
  if (!setting) return;
  const values = setting.scope ?? {};
  const drawn = host._scope;
  if (drawn) {
    // Already drawn: new values go into the same scope; a value the new answer no longer has is cleared.
    const previous = host._prevSettingScope ?? {};
    drawn.$apply(() => {
      for (const k of Object.keys(values)) drawn[k] = values[k];
      for (const k of Object.keys(previous)) if (!values[k]) drawn[k] = values[k];
    });
    return;
  }
  host._prevSettingScope = values;
  if (!host._createNewScope) return;
  const scope = host._createNewScope();
  for (const k of Object.keys(values)) scope[k] = values[k];
  if (isTemplateUrl(setting.template)) {
    void host._templateRequest?.(setting.template).then((t) => draw(host, target, t, scope));
  } else {
    draw(host, target, setting.template, scope);
  }
}
