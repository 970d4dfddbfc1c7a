/** Base class of a table transformation: turns the result's table into what a visualization draws. */
import { renderSetting, type Setting, type SettingHost, type SettingScope, type SettingTarget } from './settings';

export type TransformationConfig = Record<string, unknown>;

export default class Transformation implements SettingHost {
  config: TransformationConfig;
  _emitter: (config: TransformationConfig) => void = () => undefined;
  _compile?: SettingHost['_compile'];
  _createNewScope?: () => SettingScope;
  _templateRequest?: (url: string) => Promise<string>;
  _scope?: SettingScope;
  _prevSettingScope?: Record<string, unknown>;
  _targetEl?: SettingTarget;

  constructor(config: TransformationConfig) {
    this.config = config;
  }

  /** `{template, scope}` for the settings panel; none by default. */
  getSetting(): Setting | undefined {
    return undefined;
  }

  /** Called when the table or the configuration changed. */
  transform(tableData: unknown): unknown {
    return tableData;
  }

  renderSetting(targetEl: SettingTarget): void {
    renderSetting(this, this.getSetting(), targetEl);
  }

  setConfig(config: TransformationConfig): void {
    this.config = config;
  }

  /** Saves the configuration with the paragraph (the page then renders again with it). */
  emitConfig(config: TransformationConfig): void {
    this._emitter(config);
  }
}
