/**
 * Base class of a Helium visualization (Zeppelin's `zeppelin-vis`). The page creates it with the target element (a
 * jQuery object) and the result's saved settings for this package, sets `_emitter` and the template hooks, then:
 * transform the table with `getTransformation()`, `render(transformed)`, `renderSetting(el)`, `activate()`.
 */
import { renderSetting, type Setting, type SettingHost, type SettingScope, type SettingTarget } from '../zeppelin-tabledata/settings';
import type Transformation from '../zeppelin-tabledata/transformation';

export type VisualizationConfig = Record<string, unknown>;

export default class Visualization implements SettingHost {
  targetEl: unknown;
  config: VisualizationConfig;
  _dirty = false;
  _active = false;
  _emitter: (config: VisualizationConfig) => void = () => undefined;
  _compile?: SettingHost['_compile'];
  _createNewScope?: () => SettingScope;
  _templateRequest?: (url: string) => Promise<string>;
  _scope?: SettingScope;
  _prevSettingScope?: Record<string, unknown>;
  _targetEl?: SettingTarget;

  constructor(targetEl: unknown, config: VisualizationConfig) {
    this.targetEl = targetEl;
    this.config = config;
  }

  getTransformation(): Transformation {
    throw new TypeError('Visualization.getTransformation() must be overridden');
  }

  render(_tableData: unknown): void {
    throw new TypeError('Visualization.render() must be overridden');
  }

  /** Draws again at the current size and settings; packages override it. */
  refresh(): void {
    // nothing to do by default
  }

  /** Called before the page drops the visualization; the target element itself is the page's. */
  destroy(): void {
    // nothing to do by default
  }

  getSetting(): Setting | undefined {
    return undefined;
  }

  activate(): void {
    if (!this._active || this._dirty) {
      this.refresh();
      this._dirty = false;
    }
    this._active = true;
  }

  deactivate(): void {
    this._active = false;
  }

  isActive(): boolean {
    return this._active;
  }

  resize(): void {
    if (this.isActive()) this.refresh();
    else this._dirty = true;
  }

  setConfig(config: VisualizationConfig): void {
    this.config = config;
    if (this.isActive()) this.refresh();
    else this._dirty = true;
  }

  emitConfig(config: VisualizationConfig): void {
    this._emitter(config);
  }

  renderSetting(targetEl: SettingTarget): void {
    renderSetting(this, this.getSetting(), targetEl);
  }
}
