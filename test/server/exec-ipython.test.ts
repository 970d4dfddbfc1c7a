/** @jest-environment node */
/** @slow (one of the suite's longest files: scheduled first on a fresh machine) */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject, Note, Paragraph } from '../../protocol';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { Client, NOTE_FIXTURES, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { newNote, run, startRun, textOf, waitFinal } from './helpers/exec';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../support/python';

jest.setTimeout(60000);

const PYTHON = pythonExecutable() ?? TEST_PYTHON;
const withIPython = testWithPython(['IPython']);

/** A conf dir whose python setting runs `executable`, with extra properties. */
function confWith(executable: string, extra: Record<string, string> = {}): string {
  const confDir = join(tempDir('zpl-conf-'), 'conf');
  mkdirSync(confDir, { recursive: true });
  const settings = builtinInterpreterSettings();
  const python = settings.find((s) => s.name === 'python');
  if (!python) throw new Error('no python setting');
  python.properties['zeppelin.python'].value = executable;
  for (const [k, v] of Object.entries(extra)) python.properties[k] = { name: k, value: v, type: 'string' };
  writeInterpreterSettings(confDir, settings);
  return confDir;
}

const msgs = (p: Paragraph) => p.results?.msg ?? [];

describe('%python through IPython (python3-ipython)', () => {
  let server: TestServer;
  let a: Client;
  let pid: string;

  beforeAll(async () => {
    server = await startTestServer({ confDir: confWith(PYTHON) });
    a = await Client.open(server.wsUrl, server.origin);
    ({ pid } = await newNote(a, '/ipy', 'python'));
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  withIPython('magics and ! commands run: %timeit, !echo, captured !output', async () => {
    const r = await run(a, pid, '%python\nx = !echo captured\nprint(x)\n!echo direct\n%timeit -n1 -r1 sum(range(10))');
    expect(r.final.status).toBe('FINISHED');
    const text = textOf(r.final);
    expect(text).toContain("['captured']\n");
    expect(text).toContain('direct\n');
    expect(text).not.toContain('\r');
    expect(text).toMatch(/per loop/);
  });

  testWithPython(['IPython', 'matplotlib'])('%matplotlib inline draws the figure as an IMG after the cell', async () => {
    const r = await run(a, pid, '%python\n%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nprint("drawn")');
    expect(r.final.status).toBe('FINISHED');
    expect(msgs(r.final).map((m) => m.type)).toEqual(['TEXT', 'IMG']);
    expect(Buffer.from(msgs(r.final)[1].data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  withIPython('display() and rich reprs map to result types in order', async () => {
    const code = [
      '%python',
      'from IPython.display import display, HTML, Markdown, SVG, Latex, Image, JSON',
      'import base64',
      'class Card:',
      '    def _repr_html_(self): return "<b>card</b>"',
      'print("before")',
      'display(HTML("<i>html</i>"))',
      'display(Markdown("# Title\\n\\n- one\\n- [link](http://example.com)"))',
      'display(SVG(\'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\'))',
      'display(Latex(r"$x^2$"))',
      'display(Image(data=base64.b64decode("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q=="), format="jpeg"))',
      'display(42)',
      'Card()',
    ].join('\n');
    const r = await run(a, pid, code);
    expect(r.final.status).toBe('FINISHED');
    const m = msgs(r.final);
    expect(m.map((x) => x.type)).toEqual(['TEXT', 'HTML', 'HTML', 'HTML', 'TEXT', 'HTML', 'TEXT', 'HTML']);
    expect(m[0].data).toBe('before\n');
    expect(m[1].data).toBe('<i>html</i>');
    expect(m[2].data).toContain('<h1>Title</h1>');
    expect(m[2].data).toContain('<a href="http://example.com">link</a>');
    expect(m[3].data).toContain('<svg');
    expect(m[4].data).toBe('$x^2$\n');
    expect(m[5].data).toMatch(/^<img src="data:image\/jpeg;base64,\/9j\//);
    expect(m[6].data).toBe('42\n');
    expect(m[7].data).toBe('<b>card</b>');
  });

  testWithPython(['IPython', 'pandas'])("Zeppelin's IPython Basic tutorial runs: help, %timeit, z.input, a data frame table", async () => {
    const note = JSON.parse(readFileSync(join(NOTE_FIXTURES, '1. IPython Basic_2EYDJKFFY.zpln'), 'utf8')) as Note;
    const imported = await a.request('IMPORT_NOTE', { note: { ...note, name: '/tutorial/IPython Basic' } as unknown as JsonObject }, 'IMPORT_NOTE');
    const c = await Client.open(server.wsUrl, server.origin);
    try {
      await c.request('GET_NOTE', { id: imported.data.note.id }, 'NOTE');
      const results: Record<string, Paragraph> = {};
      for (const p of imported.data.note.paragraphs) {
        if (!(p.text ?? '').startsWith('%python.ipython\n\n')) continue;
        // %timeit sizes its own loop count by the clock: on a loaded machine a run takes longer than the default wait.
        results[p.text ?? ''] = (await run(c, p.id, p.text ?? '', { timeoutMs: 60000 })).final;
      }
      const byStart = (s: string) => Object.entries(results).find(([k]) => k.includes(s))?.[1] as Paragraph;
      expect(Object.values(results).every((p) => p.status === 'FINISHED')).toBe(true);
      expect(textOf(byStart('sys?'))).toContain('Docstring');
      expect(textOf(byStart('help(sys)'))).toContain('Help on built-in module sys');
      expect(textOf(byStart('%timeit'))).toMatch(/per loop/);
      const form = byStart('z.input');
      expect(textOf(form)).toBe("'hello'\n");
      expect(form.settings?.forms?.my_name).toMatchObject({ type: 'TextBox', defaultValue: 'hello' });
      expect(msgs(byStart('pd.DataFrame'))[0].type).toBe('TABLE');
    } finally {
      await c.close();
    }
  }, 180000);

  withIPython('streaming, cancel and completion still work under IPython', async () => {
    const marker = join(server.dir, 'ipy-go');
    const { from } = startRun(a, pid, `%python\nimport os, time\nprint("early", flush=True)\nwhile not os.path.exists(${JSON.stringify(marker)}):\n    time.sleep(0.02)\nprint("late")`);
    await a.waitFor((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' && (f.data as { data: string }).data.includes('early'), from, 20000);
    writeFileSync(marker, '');
    expect(textOf((await waitFinal(a, pid, from)).final)).toBe('early\nlate\n');

    const loop = startRun(a, pid, '%python\nkept = 7\nprint("looping", flush=True)\nwhile True:\n    pass');
    // Cancel once the loop runs: an interrupt before the assignment would rightly lose it.
    await a.waitFor((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' && (f.data as { data: string }).data.includes('looping'), loop.from, 20000);
    a.send('CANCEL_PARAGRAPH', { id: pid });
    expect((await waitFinal(a, pid, loop.from)).final.status).toBe('ABORT');
    expect(textOf((await run(a, pid, '%python\nprint(kept)')).final)).toBe('7\n');

    const list = await a.request('COMPLETION', { id: pid, buf: '%python\nke', cursor: 10 }, 'COMPLETION_LIST');
    expect(list.data.completions.map((x) => x.name)).toContain('kept');
    expect(list.data.completions.map((x) => x.name).some((n) => n.startsWith('_i'))).toBe(false);
  });

  withIPython('an exception is ERROR with the traceback of the cell only', async () => {
    const r = await run(a, pid, '%python\ndef f():\n    return 1 / 0\nf()');
    expect(r.final.status).toBe('ERROR');
    expect(textOf(r.final)).toContain('ZeroDivisionError: division by zero');
    expect(textOf(r.final)).not.toContain('python_runner');
  });
});

describe('%python without IPython', () => {
  let server: TestServer;
  let a: Client;
  let pid: string;

  beforeAll(async () => {
    // A Python that cannot import IPython: the tests' Python, started without its site packages.
    const bin = join(tempDir('zpl-py-'), 'python-no-site');
    writeFileSync(bin, `#!/bin/sh\nexec ${PYTHON} -S "$@"\n`);
    chmodSync(bin, 0o755);
    server = await startTestServer({ confDir: confWith(bin) });
    a = await Client.open(server.wsUrl, server.origin);
    ({ pid } = await newNote(a, '/no-ipy', 'python'));
  });
  afterAll(async () => {
    await a.close();
    await server.close();
  });

  testWithPython()('a magic or ! command is an ERROR that names IPython and how to install it', async () => {
    for (const line of ['%matplotlib inline', '!ls', '%timeit 1 + 1']) {
      const r = await run(a, pid, `%python\nx = 1\n${line}`);
      expect(r.final.status).toBe('ERROR');
      expect(textOf(r.final)).toContain(`${line} needs IPython`);
      expect(textOf(r.final)).toContain('sudo apt-get install python3-ipython');
    }
    expect(textOf((await run(a, pid, '%python\nprint(2 + 2)')).final)).toBe('4\n');
  });

  testWithPython()('%python.ipython says IPython is missing instead of running plain Python', async () => {
    const r = await run(a, pid, '%python.ipython\nprint(1)');
    expect(r.final.status).toBe('ERROR');
    expect(textOf(r.final)).toContain('IPython is not available');
  });
});

describe('zeppelin.python.useIPython = false', () => {
  withIPython('runs plain Python, and a magic says how to turn IPython on', async () => {
    const server = await startTestServer({ confDir: confWith(PYTHON, { 'zeppelin.python.useIPython': 'false' }) });
    const a = await Client.open(server.wsUrl, server.origin);
    try {
      const { pid } = await newNote(a, '/plain', 'python');
      expect(textOf((await run(a, pid, '%python\nprint("get_ipython" in dir(__builtins__))')).final)).toBe('False\n');
      const r = await run(a, pid, '%python\n%timeit 1');
      expect(r.final.status).toBe('ERROR');
      expect(textOf(r.final)).toContain('zeppelin.python.useIPython');
    } finally {
      await a.close();
      await server.close();
    }
  });
});
