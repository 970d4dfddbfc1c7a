/** Interpreter classes by the `class` name an interpreter setting declares (InterpreterInfo.class). */
import { JavaScriptInterpreter } from './impl/javascript';
import { MarkdownInterpreter } from './impl/markdown';
import { PythonInterpreter } from './impl/python';
import { ShellInterpreter } from './impl/shell';
import { DuckDBInterpreter } from './impl/sql';
import type { FormType, Interpreter, InterpreterEnv } from './types';

interface InterpreterClass {
  /** Known before the interpreter starts: forms are parsed when the paragraph goes PENDING. */
  formType: FormType;
  create(env: InterpreterEnv): Interpreter;
}

const markdown: InterpreterClass = { formType: 'SIMPLE', create: (env) => new MarkdownInterpreter(env) };
const shell: InterpreterClass = { formType: 'SIMPLE', create: (env) => new ShellInterpreter(env) };
const python: InterpreterClass = { formType: 'NATIVE', create: (env) => new PythonInterpreter(env) };

/** Zeppelin's own class names are accepted too, so an interpreter.json copied from Zeppelin keeps working. */
const CLASSES: Readonly<Record<string, InterpreterClass>> = {
  'org.apache.zeppelin.markdown.Markdown': markdown,
  MarkdownInterpreter: markdown,
  'org.apache.zeppelin.shell.ShellInterpreter': shell,
  ShellInterpreter: shell,
  'org.apache.zeppelin.python.PythonInterpreter': python,
  PythonInterpreter: python,
  // Zeppelin's tutorials use %python.ipython; plain Python runs them (IPython-only syntax such as `sys?` fails).
  'org.apache.zeppelin.python.IPythonInterpreter': python,
  DuckDBInterpreter: { formType: 'SIMPLE', create: (env) => new DuckDBInterpreter(env) },
  // `${...}` is JavaScript's own template syntax, so %js never treats it as a form.
  JavaScriptInterpreter: { formType: 'NATIVE', create: (env) => new JavaScriptInterpreter(env) },
};

export function createInterpreter(cls: string, env: InterpreterEnv): Interpreter {
  const found = CLASSES[cls];
  if (!found) throw new Error(`Interpreter class ${cls} is not available on this server`);
  return found.create(env);
}

export const formTypeOf = (cls: string): FormType => CLASSES[cls]?.formType ?? 'NONE';
