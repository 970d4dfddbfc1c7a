/**
 * Which Jupyter kernel stands for which interpreter group, both ways: an imported notebook's kernel becomes the
 * note's default interpreter, and an export declares the kernel of the note's interpreter.
 */
import type { JsonObject } from '../../../protocol';

export interface KernelInfo {
  /** The interpreter group (and magic) code cells run with. */
  group: string;
  kernelspec: JsonObject;
  language_info: JsonObject;
}

const PYTHON: KernelInfo = {
  group: 'python',
  kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
  language_info: {
    name: 'python', mimetype: 'text/x-python', file_extension: '.py', codemirror_mode: { name: 'ipython', version: 3 },
    pygments_lexer: 'ipython3', nbconvert_exporter: 'python',
  },
};

const KERNELS: Readonly<Record<string, KernelInfo>> = {
  python: PYTHON,
  sh: {
    group: 'sh',
    kernelspec: { name: 'bash', display_name: 'Bash', language: 'bash' },
    language_info: { name: 'bash', mimetype: 'text/x-sh', file_extension: '.sh', codemirror_mode: 'shell' },
  },
  js: {
    group: 'js',
    kernelspec: { name: 'javascript', display_name: 'JavaScript (Node.js)', language: 'javascript' },
    language_info: { name: 'javascript', mimetype: 'application/javascript', file_extension: '.js' },
  },
  sql: {
    group: 'sql',
    kernelspec: { name: 'duckdb', display_name: 'SQL (DuckDB)', language: 'sql' },
    language_info: { name: 'sql', mimetype: 'text/x-sql', file_extension: '.sql', codemirror_mode: 'sql' },
  },
  // Spark notes keep the kernel Zeppelin's own converter declares.
  spark: {
    group: 'spark',
    kernelspec: { name: 'spark2-scala', display_name: 'Zeppelin', language: 'scala' },
    language_info: { name: 'scala', mimetype: 'text/x-scala', file_extension: '.scala', codemirror_mode: 'text/x-scala', pygments_lexer: 'scala' },
  },
};

const LANGUAGE_GROUPS: Readonly<Record<string, string>> = {
  python: 'python', python2: 'python', python3: 'python', ipython: 'python',
  bash: 'sh', sh: 'sh', shell: 'sh', javascript: 'js', typescript: 'js', sql: 'sql', scala: 'spark',
};

/** Interpreter groups that stand for the same kernel (`%python.ipython` cells are Python cells). */
const GROUP_ALIASES: Readonly<Record<string, string>> = { ipython: 'python', pyspark: 'python', duckdb: 'sql', javascript: 'js', shell: 'sh' };

/** The note's interpreter for a notebook: its kernelspec's language, else language_info's name, else Python. */
export function kernelToGroup(metadata: JsonObject): string {
  const spec = (metadata.kernelspec ?? {}) as JsonObject;
  const info = (metadata.language_info ?? {}) as JsonObject;
  for (const v of [spec.language, info.name, spec.name]) {
    const g = typeof v === 'string' ? LANGUAGE_GROUPS[v.toLowerCase()] : undefined;
    if (g) return g;
  }
  return 'python';
}

/** The kernel an export declares for a note whose paragraphs mostly run with `group`. */
export function groupToKernel(group: string): KernelInfo {
  const g = GROUP_ALIASES[group] ?? group;
  return KERNELS[g] ?? {
    group: g,
    kernelspec: { name: `zeppelin-${g}`, display_name: `Zeppelin ${g}`, language: g },
    language_info: { name: g },
  };
}
