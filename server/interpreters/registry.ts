/**
 * Interpreter classes by the `class` name an interpreter setting declares (InterpreterInfo.class). Each class's
 * module is loaded on its first use: a server that never runs `%sql` or `%jdbc` never loads DuckDB or the database
 * drivers, which are most of what a server start would otherwise spend loading code.
 */
import { jdbcParallel } from './impl/jdbc/properties';
import type { FormType, Interpreter, InterpreterEnv } from './types';

interface InterpreterClass {
  /** Known before the interpreter starts: forms are parsed when the paragraph goes PENDING. */
  formType: FormType;
  create(env: InterpreterEnv): Promise<Interpreter>;
  /** How many paragraphs of one session may run at once (default 1: one after the other). */
  parallel?(properties: Record<string, string>): number;
}

const markdown: InterpreterClass = { formType: 'SIMPLE', create: async () => new (await import('./impl/markdown')).MarkdownInterpreter() };
const shell: InterpreterClass = { formType: 'SIMPLE', create: async (env) => new (await import('./impl/shell')).ShellInterpreter(env) };
const python: InterpreterClass = { formType: 'NATIVE', create: async (env) => new (await import('./impl/python')).PythonInterpreter(env) };
const jdbc: InterpreterClass = {
  formType: 'SIMPLE', create: async (env) => new (await import('./impl/jdbc')).JdbcInterpreter(env), parallel: jdbcParallel,
};
const ipython: InterpreterClass = { formType: 'NATIVE', create: async (env) => new (await import('./impl/python')).PythonInterpreter(env, 'required') };
const angular: InterpreterClass = { formType: 'NATIVE', create: async () => new (await import('./impl/angular')).AngularInterpreter() };
const duckdb: InterpreterClass = { formType: 'SIMPLE', create: async (env) => new (await import('./impl/sql')).DuckDBInterpreter(env) };
const javascript: InterpreterClass = { formType: 'NATIVE', create: async (env) => new (await import('./impl/javascript')).JavaScriptInterpreter(env) };

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
  DuckDBInterpreter: duckdb,
  'org.apache.zeppelin.jdbc.JDBCInterpreter': jdbc,
  JDBCInterpreter: jdbc,
  // `${...}` is JavaScript's own template syntax, so %js never treats it as a form.
  JavaScriptInterpreter: javascript,
};

export async function createInterpreter(cls: string, env: InterpreterEnv): Promise<Interpreter> {
  const found = CLASSES[cls];
  if (!found) throw new Error(`Interpreter class ${cls} is not available on this server`);
  return await found.create(env);
}

export const formTypeOf = (cls: string): FormType => CLASSES[cls]?.formType ?? 'NONE';

/** The session's parallelism: the smallest its interpreter classes allow. */
export const parallelOf = (classes: string[], properties: Record<string, string>): number =>
  Math.max(1, Math.min(...classes.map((c) => CLASSES[c]?.parallel?.(properties) ?? 1)));
