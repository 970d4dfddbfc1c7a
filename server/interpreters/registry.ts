/** Interpreter classes by the `class` name an interpreter setting declares (InterpreterInfo.class). */
import { AngularInterpreter } from './impl/angular';
import { JavaScriptInterpreter } from './impl/javascript';
import { JdbcInterpreter, jdbcParallel } from './impl/jdbc';
import { MarkdownInterpreter } from './impl/markdown';
import { PythonInterpreter } from './impl/python';
import { ShellInterpreter } from './impl/shell';
import { DuckDBInterpreter } from './impl/sql';
import type { FormType, Interpreter, InterpreterEnv } from './types';

interface InterpreterClass {
  /** Known before the interpreter starts: forms are parsed when the paragraph goes PENDING. */
  formType: FormType;
  create(env: InterpreterEnv): Interpreter;
  /** How many paragraphs of one session may run at once (default 1: one after the other). */
  parallel?(properties: Record<string, string>): number;
}

const markdown: InterpreterClass = { formType: 'SIMPLE', create: () => new MarkdownInterpreter() };
const shell: InterpreterClass = { formType: 'SIMPLE', create: (env) => new ShellInterpreter(env) };
const python: InterpreterClass = { formType: 'NATIVE', create: (env) => new PythonInterpreter(env) };
const jdbc: InterpreterClass = { formType: 'SIMPLE', create: (env) => new JdbcInterpreter(env), parallel: jdbcParallel };
const ipython: InterpreterClass = { formType: 'NATIVE', create: (env) => new PythonInterpreter(env, 'required') };
const angular: InterpreterClass = { formType: 'NATIVE', create: () => new AngularInterpreter() };

/** Zeppelin's own class names are accepted too, so an interpreter.json copied from Zeppelin keeps working. */
const CLASSES: Readonly<Record<string, InterpreterClass>> = {
  'org.apache.zeppelin.markdown.Markdown': markdown,
  MarkdownInterpreter: markdown,
  'org.apache.zeppelin.shell.ShellInterpreter': shell,
  ShellInterpreter: shell,
  'org.apache.zeppelin.python.PythonInterpreter': python,
  PythonInterpreter: python,
  // %python.ipython needs IPython (a run says how to install it when the executable lacks it).
  'org.apache.zeppelin.python.IPythonInterpreter': ipython,
  IPythonInterpreter: ipython,
  'org.apache.zeppelin.angular.AngularInterpreter': angular,
  AngularInterpreter: angular,
  DuckDBInterpreter: { formType: 'SIMPLE', create: (env) => new DuckDBInterpreter(env) },
  'org.apache.zeppelin.jdbc.JDBCInterpreter': jdbc,
  JDBCInterpreter: jdbc,
  // `${...}` is JavaScript's own template syntax, so %js never treats it as a form.
  JavaScriptInterpreter: { formType: 'NATIVE', create: (env) => new JavaScriptInterpreter(env) },
};

export function createInterpreter(cls: string, env: InterpreterEnv): Interpreter {
  const found = CLASSES[cls];
  if (!found) throw new Error(`Interpreter class ${cls} is not available on this server`);
  return found.create(env);
}

export const formTypeOf = (cls: string): FormType => CLASSES[cls]?.formType ?? 'NONE';

/** The session's parallelism: the smallest its interpreter classes allow. */
export const parallelOf = (classes: string[], properties: Record<string, string>): number =>
  Math.max(1, Math.min(...classes.map((c) => CLASSES[c]?.parallel?.(properties) ?? 1)));
