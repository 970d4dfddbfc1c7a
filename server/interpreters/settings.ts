/**
 * Interpreter settings (PROTOCOL 4.6): read from `$ZEPPELIN_CONF_DIR/interpreter.json` when present, otherwise the
 * built-in list below. Everything that asks "which interpreters exist" goes through this module, so the execution
 * work can swap the list for real, runnable settings in one place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EditorSetting, InterpreterInfo, InterpreterOption, InterpreterSetting } from '../../src/protocol';

const option: InterpreterOption = { remote: true, port: -1, perNote: 'shared', perUser: 'shared', isExistingProcess: false, setPermission: false, owners: [], isUserImpersonate: false };

function setting(name: string, infos: InterpreterInfo[], properties: InterpreterSetting['properties'] = {}): InterpreterSetting {
  return { id: name, name, group: name, properties, status: 'READY', interpreterGroup: infos, dependencies: [], option: { ...option } };
}

const info = (name: string, cls: string, editor: EditorSetting, defaultInterpreter = true): InterpreterInfo => ({
  name, class: cls, defaultInterpreter, editor,
});

/** The interpreters this server offers when no interpreter.json exists. */
export function builtinInterpreterSettings(): InterpreterSetting[] {
  return [
    setting('md', [info('md', 'org.apache.zeppelin.markdown.Markdown', { language: 'markdown', editOnDblClick: true, completionSupport: false })]),
    setting('sh', [info('sh', 'org.apache.zeppelin.shell.ShellInterpreter', { language: 'sh', editOnDblClick: false, completionSupport: false })]),
    setting('python', [
      info('python', 'org.apache.zeppelin.python.PythonInterpreter', { language: 'python', editOnDblClick: false, completionSupport: true }),
    ], { 'zeppelin.python': { name: 'zeppelin.python', value: 'python3', type: 'string', description: 'Python executable' } }),
    setting('sql', [info('sql', 'duckdb', { language: 'sql', editOnDblClick: false, completionSupport: true })]),
    setting('js', [info('js', 'node', { language: 'javascript', editOnDblClick: false, completionSupport: false })]),
  ];
}

/** Zeppelin stores `{interpreterSettings: {<id>: setting}, ...}`; a bare array is accepted too. */
export function loadInterpreterSettings(confDir: string): InterpreterSetting[] {
  const file = join(confDir, 'interpreter.json');
  if (!existsSync(file)) return builtinInterpreterSettings();
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { interpreterSettings?: Record<string, InterpreterSetting> } | InterpreterSetting[];
    const list = Array.isArray(doc) ? doc : Object.values(doc.interpreterSettings ?? {});
    return list
      .filter((s) => s && typeof s.name === 'string')
      .map((s) => ({ ...s, id: s.id ?? s.name, group: s.group ?? s.name, interpreterGroup: s.interpreterGroup ?? [], properties: s.properties ?? {}, dependencies: s.dependencies ?? [], option: s.option ?? { ...option } }));
  } catch (e) {
    console.warn(`[interpreters] cannot read ${file}: ${(e as Error).message}; using the built-in list`);
    return builtinInterpreterSettings();
  }
}

/** Magic syntax of PROTOCOL 5.3: `%name(.sub)*` with an optional `(k=v, ...)` block right after it. */
const MAGIC_RE = /^\s*%([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(\([^)]*\))?/;

export function magicOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return MAGIC_RE.exec(text)?.[1];
}

/** Language hints when a setting declares no editor (and for names this server has no setting for). */
const LANGUAGE_BY_NAME: Readonly<Record<string, EditorSetting>> = {
  md: { language: 'markdown', editOnDblClick: true, completionSupport: false },
  markdown: { language: 'markdown', editOnDblClick: true, completionSupport: false },
  python: { language: 'python', editOnDblClick: false, completionSupport: true },
  pyspark: { language: 'python', editOnDblClick: false, completionSupport: true },
  ipython: { language: 'python', editOnDblClick: false, completionSupport: true },
  sql: { language: 'sql', editOnDblClick: false, completionSupport: true },
  duckdb: { language: 'sql', editOnDblClick: false, completionSupport: true },
  sh: { language: 'sh', editOnDblClick: false, completionSupport: false },
  js: { language: 'javascript', editOnDblClick: false, completionSupport: false },
  javascript: { language: 'javascript', editOnDblClick: false, completionSupport: false },
};

export const TEXT_EDITOR: EditorSetting = { language: 'text', editOnDblClick: false };

export class InterpreterRegistry {
  constructor(private settings: InterpreterSetting[], private readonly configuredDefault: string) {}

  all(): InterpreterSetting[] {
    return this.settings;
  }

  replace(settings: InterpreterSetting[]): void {
    this.settings = settings;
  }

  byName(name: string): InterpreterSetting | undefined {
    return this.settings.find((s) => s.name === name);
  }

  /** `zeppelin.interpreter.group.default` when set (Zeppelin's default is spark); else python, else the first. */
  defaultGroup(): string {
    if (this.configuredDefault) return this.configuredDefault;
    return this.byName('python')?.name ?? this.settings[0]?.name ?? 'python';
  }

  /** Resolution of PROTOCOL 5.3: `group.name`, then a name inside the note's default setting, then a setting name. */
  resolve(magic: string | undefined, noteDefault: string | undefined): { setting: InterpreterSetting; info?: InterpreterInfo } | undefined {
    const defaultSetting = this.byName(noteDefault ?? '') ?? this.byName(this.defaultGroup());
    if (!magic) {
      if (!defaultSetting) return undefined;
      return { setting: defaultSetting, info: defaultSetting.interpreterGroup.find((i) => i.defaultInterpreter) ?? defaultSetting.interpreterGroup[0] };
    }
    const dot = magic.indexOf('.');
    if (dot > 0) {
      const group = this.byName(magic.slice(0, dot));
      const named = group?.interpreterGroup.find((i) => i.name === magic.slice(dot + 1));
      return group && named ? { setting: group, info: named } : undefined;
    }
    const inDefault = defaultSetting?.interpreterGroup.find((i) => i.name === magic);
    if (defaultSetting && inDefault) return { setting: defaultSetting, info: inDefault };
    const bySettingName = this.byName(magic);
    if (!bySettingName) return undefined;
    return { setting: bySettingName, info: bySettingName.interpreterGroup.find((i) => i.defaultInterpreter) ?? bySettingName.interpreterGroup[0] };
  }

  /** EDITOR_SETTING: the resolved interpreter's declared editor, else a guess from the magic's name, else text. */
  editorFor(text: string | undefined, noteDefault: string | undefined): EditorSetting {
    const magic = magicOf(text);
    const resolved = this.resolve(magic, noteDefault);
    if (resolved?.info?.editor) return { ...resolved.info.editor };
    const names = magic ? [magic.slice(magic.lastIndexOf('.') + 1), magic.split('.')[0]] : [resolved?.setting.name ?? ''];
    for (const n of names) if (LANGUAGE_BY_NAME[n]) return { ...LANGUAGE_BY_NAME[n] };
    return { ...TEXT_EDITOR };
  }
}
