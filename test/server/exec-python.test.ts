/** @jest-environment node */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import type { JsonObject, Note, Paragraph } from '../../protocol';
import { api, Client, NOTE_FIXTURES, startTestServer, tempDir, type Frame, type TestServer } from './helpers/harness';
import { addParagraph, isStatus, newNote, processGone, run, startRun, textOf, until, waitFinal } from './helpers/exec';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../support/python';

// Real processes on a loaded CI machine (the whole suite runs in parallel on 2 cores) need more than 5 s at times.
jest.setTimeout(30000);

const PYTHON = TEST_PYTHON;

describe('%python (real process per session)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let noteId: string;
  let pid: string;

  beforeAll(async () => {
    const confDir = join(tempDir('zpl-conf-'), 'conf');
    mkdirSync(confDir, { recursive: true });
    const settings = builtinInterpreterSettings();
    const python = settings.find((s) => s.name === 'python');
    if (!python) throw new Error('no python setting');
    python.properties['zeppelin.python'].value = PYTHON;
    python.properties['zeppelin.python.cancel.grace.millisecs'] = { name: 'zeppelin.python.cancel.grace.millisecs', value: '1500', type: 'number' };
    // Scoped per note: each note gets its own Python process (checked below).
    python.option.perNote = 'scoped';
    writeInterpreterSettings(confDir, settings);
    server = await startTestServer({ confDir });
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    ({ noteId, pid } = await newNote(a, '/py', 'python'));
    await b.request('GET_NOTE', { id: noteId }, 'NOTE');
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  test('variables persist between paragraphs; the last expression is shown; no magic uses the note default', async () => {
    expect((await run(a, pid, '%python\nimport sys\nx = 20\nprint(sys.executable)')).final.results?.msg?.[0].data).toBe(`${pythonExecutable()}\n`);
    const r = await run(a, pid, 'x * 2 + 2');
    expect(r.final.status).toBe('FINISHED');
    expect(textOf(r.final)).toBe('42\n');
    // Zeppelin's tutorials say %python.ipython: it runs on the same Python
    const ip = await run(a, pid, '%python.ipython\nprint(6 * 7)');
    expect(ip.final.status).toBe('FINISHED');
    expect(textOf(ip.final)).toBe('42\n');
  });

  test('print output streams while the paragraph runs', async () => {
    const marker = join(server.dir, 'py-go');
    const { from } = startRun(a, pid, `%python\nimport os, time\nprint("early", flush=True)\nwhile not os.path.exists(${JSON.stringify(marker)}):\n    time.sleep(0.02)\nprint("late")`);
    const append = await a.waitFor((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' && (f.data as { data: string }).data.includes('early'), from);
    expect(append).toBeDefined();
    writeFileSync(marker, '');
    const { final, frames } = await waitFinal(a, pid, from);
    expect(textOf(final)).toBe('early\nlate\n');
    expect(frames.indexOf(append)).toBeLessThan(frames.length - 1);
  });

  test('an exception is ERROR with the traceback; the session keeps its state', async () => {
    const r = await run(a, pid, '%python\ndef f():\n    return 1 / 0\nf()');
    expect(r.final.status).toBe('ERROR');
    const text = textOf(r.final);
    expect(text).toContain('Traceback (most recent call last)');
    expect(text).toContain('ZeroDivisionError: division by zero');
    expect(text).not.toContain('python_runner');
    const syntax = await run(a, pid, '%python\nif x ==');
    expect(syntax.final.status).toBe('ERROR');
    expect(textOf(syntax.final)).toContain('SyntaxError');
    expect(textOf((await run(a, pid, '%python\nprint(x)')).final)).toBe('20\n');
  });

  testWithPython(['pandas', 'matplotlib'])('z.show(df) is a %table; matplotlib figures come after the paragraph as %img PNG', async () => {
    const r = await run(a, pid, '%python\nimport pandas as pd\nimport matplotlib.pyplot as plt\n'
      + 'df = pd.DataFrame({"name": ["a", "b"], "n": [1, 2]})\nz.show(df)\nplt.plot([1, 2, 3])\nprint("done")', { timeoutMs: 60000 });
    expect(r.final.status).toBe('FINISHED');
    const msgs = r.final.results?.msg ?? [];
    expect(msgs[0]).toEqual({ type: 'TABLE', data: 'name\tn\na\t1\nb\t2\n' });
    expect(msgs[1]).toEqual({ type: 'TEXT', data: 'done\n' });
    expect(msgs[2].type).toBe('IMG');
    expect(Buffer.from(msgs[2].data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const table = await run(a, pid, '%python\nprint("%table a\\tb\\n1\\t2")');
    expect(table.final.results?.msg).toEqual([{ type: 'TABLE', data: 'a\tb\n1\t2\n' }]);
  }, 60000);

  testWithPython(['matplotlib'])("Zeppelin's Matplotlib tutorial: z.configure_mpl sizes and formats figures; with close=False each paragraph shows the updated figure", async () => {
    const note = JSON.parse(readFileSync(join(NOTE_FIXTURES, '4. Matplotlib (Python, PySpark)_2C2AUG798.zpln'), 'utf8')) as Note;
    const imported = await a.request('IMPORT_NOTE', { note: { ...note, name: '/tutorial/Matplotlib' } as unknown as JsonObject }, 'IMPORT_NOTE');
    const c = await Client.open(server.wsUrl, server.origin);
    try {
      await c.request('GET_NOTE', { id: imported.data.note.id }, 'NOTE');
      const ran: Paragraph[] = [];
      for (const p of imported.data.note.paragraphs) {
        if ((p.text ?? '').startsWith('%python\n')) ran.push((await run(c, p.id, p.text ?? '', { timeoutMs: 60000 })).final);
      }
      expect(ran.map((p) => p.status)).toEqual(Array(ran.length).fill('FINISHED'));
      const figures = ran.map((p) => (p.results?.msg ?? []).filter((m) => m.type === 'IMG' || m.type === 'HTML'));
      /** A PNG's width and height from its IHDR chunk. */
      const size = (b64: string): [number, number] => { const png = Buffer.from(b64, 'base64'); return [png.readUInt32BE(16), png.readUInt32BE(20)]; };
      // Figures show without plt.show(), one result per open figure.
      expect(figures[0].map((m) => m.type)).toEqual(['IMG']);
      expect(figures[1].map((m) => m.type)).toEqual(['IMG', 'IMG']);
      // fmt='svg' at 400 x 300 pixels (4 x 3 inches at matplotlib's 100 dpi, which SVG states in points).
      expect(figures[2].map((m) => m.type)).toEqual(['HTML']);
      expect(figures[2][0].data).toMatch(/^<svg[^>]* width="288pt" height="216pt"/);
      // close=False: the figure stays open, and each paragraph that changes it shows it again, 600 x 400 PNG.
      const iterative = figures.slice(3);
      expect(iterative.map((f) => f.map((m) => m.type))).toEqual(Array(5).fill(['IMG']));
      expect(iterative.map((f) => size(f[0].data))).toEqual(Array(5).fill([600, 400]));
      expect(new Set(iterative.map((f) => f[0].data)).size).toBe(5);
      // Nothing changed: nothing shown again.
      const quiet = await run(c, ran[ran.length - 1].id, '%python\nx = 1', { timeoutMs: 60000 });
      expect(quiet.final.results?.msg ?? []).toEqual([]);
    } finally {
      await c.close();
    }
  }, 120000);

  test('z.input / z.select / z.checkbox create forms and read params; note forms go to noteForms', async () => {
    const code = '%python\nname = z.input("name", "World")\nc = z.select("color", [("r", "Red"), ("g", "Green")], "g")\n'
      + 'k = z.checkbox("k", ["x", "y"], ["x"])\nn = z.noteTextbox("nt", "note")\nprint(name, c, k, n)';
    const first = await run(a, pid, code);
    expect(textOf(first.final)).toBe("World g ['x'] note\n");
    expect(first.final.settings?.forms?.name).toMatchObject({ type: 'TextBox', defaultValue: 'World' });
    expect(first.final.settings?.forms?.color).toMatchObject({ type: 'Select', options: [{ value: 'r', displayName: 'Red' }, { value: 'g', displayName: 'Green' }] });
    expect(first.final.settings?.forms?.k).toMatchObject({ type: 'CheckBox', defaultValue: ['x'] });
    const second = await run(a, pid, code, { params: { name: 'Ada', color: 'r', k: ['y', 'bogus'] } });
    expect(textOf(second.final)).toBe("Ada r ['y'] note\n");
    const stored = await api<{ noteForms: Record<string, { type: string }> }>(server.url, `/api/notebook/${noteId}`);
    expect(stored.body.body?.noteForms.nt).toMatchObject({ defaultValue: 'note' });
  });

  test('completion lists globals and attributes', async () => {
    await run(a, pid, '%python\nmy_value = 1\nmy_other = "s"');
    const list = await a.request('COMPLETION', { id: pid, buf: '%python\nmy_', cursor: 11 }, 'COMPLETION_LIST');
    expect(list.data.completions.map((c) => c.name)).toEqual(expect.arrayContaining(['my_value', 'my_other']));
    const attrs = await a.request('COMPLETION', { id: pid, buf: '%python\nmy_other.upp', cursor: 20 }, 'COMPLETION_LIST');
    expect(attrs.data.completions.map((c) => c.name)).toContain('upper');
  });

  test('angular objects: z.angularBind reaches every watcher, UI changes reach z.angular and watchers, unbind removes', async () => {
    const from = b.mark();
    await run(a, pid, '%python\nz.angularBind("count", 1)\nseen = []\nz.angularWatch("count", lambda before, after: seen.append((before, after)))\nprint("%angular <b>{{count}}</b>")');
    const update = await b.waitFor((f) => f.op === 'ANGULAR_OBJECT_UPDATE', from);
    const groupId = (update.data as { interpreterGroupId: string }).interpreterGroupId;
    expect(update.data).toMatchObject({ angularObject: { name: 'count', object: 1, noteId }, noteId });
    expect(groupId).toBe(`python-${noteId}`);
    // A late joiner gets the object right after NOTE.
    const c = await Client.open(server.wsUrl, server.origin);
    try {
      const cFrom = c.mark();
      await c.request('GET_NOTE', { id: noteId }, 'NOTE');
      await c.next('ANGULAR_OBJECT_UPDATE', cFrom, (f) => f.data.angularObject.name === 'count');
    } finally {
      await c.close();
    }
    const bFrom = b.mark();
    a.send('ANGULAR_OBJECT_UPDATED', { noteId, paragraphId: pid, interpreterGroupId: groupId, name: 'count', value: 5 });
    const relayed = await b.next('ANGULAR_OBJECT_UPDATE', bFrom);
    expect(relayed.data.angularObject.object).toBe(5);
    await a.sync();
    expect(a.frames.slice(bFrom).some((f: Frame) => f.op === 'ANGULAR_OBJECT_UPDATE')).toBe(false);
    const check = await run(a, pid, '%python\nprint(z.angular("count"), seen)');
    expect(textOf(check.final)).toBe('5 [(1, 5)]\n');
    const rFrom = b.mark();
    await run(a, pid, '%python\nz.angularUnbind("count")');
    const removed = await b.next('ANGULAR_OBJECT_REMOVE', rFrom);
    expect(removed.data).toEqual({ name: 'count', noteId });
    const unknown = await a.request('ANGULAR_OBJECT_UPDATED', { noteId, paragraphId: pid, interpreterGroupId: groupId, name: 'count', value: 1 }, 'ERROR_INFO');
    expect(unknown.data.info).toContain('count');
  });

  test('ANGULAR_OBJECT_CLIENT_BIND / UNBIND: relayed to the rest of the room, pushed to Python, REMOVE in the client shape', async () => {
    const bFrom = b.mark();
    const aFrom = a.mark();
    a.send('ANGULAR_OBJECT_CLIENT_BIND', { noteId, name: 'picked', value: 'blue', paragraphId: pid });
    const bound = await b.next('ANGULAR_OBJECT_UPDATE', bFrom);
    expect(bound.data).toEqual({ angularObject: { name: 'picked', object: 'blue', noteId, paragraphId: pid }, interpreterGroupId: `python-${noteId}`, noteId, paragraphId: pid });
    expect(textOf((await run(a, pid, '%python\nprint(z.angular("picked"))')).final)).toBe('blue\n');
    expect(a.frames.slice(aFrom).some((f: Frame) => f.op === 'ANGULAR_OBJECT_UPDATE')).toBe(false);
    const rFrom = b.mark();
    a.send('ANGULAR_OBJECT_CLIENT_UNBIND', { noteId, name: 'picked', paragraphId: pid });
    const removed = await b.next('ANGULAR_OBJECT_REMOVE', rFrom);
    expect(removed.data).toEqual({ angularObject: { name: 'picked', object: 'blue', noteId, paragraphId: pid }, interpreterGroupId: `python-${noteId}`, noteId, paragraphId: pid });
    expect(textOf((await run(a, pid, '%python\nprint(z.angular("picked"))')).final)).toBe('None\n');
  });

  test('scoped per note: another note has its own process and variables', async () => {
    const other = await newNote(a, '/py other', 'python');
    const r = await run(a, other.pid, '%python\nprint("x" in globals())');
    expect(textOf(r.final)).toBe('False\n');
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
  });

  test('cancel interrupts an infinite loop (ABORT) and keeps the variables', async () => {
    const { from } = startRun(a, pid, '%python\nwhile True:\n    pass');
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    a.send('CANCEL_PARAGRAPH', { id: pid });
    const { final } = await waitFinal(a, pid, from);
    expect(final.status).toBe('ABORT');
    expect(textOf((await run(a, pid, '%python\nprint(x)')).final)).toBe('20\n');
  });

  test('a cancel sent the moment a run starts ends it as ABORT without losing the process', async () => {
    // The interrupt may reach the runner before it has picked the run up, or before its cancel line is read.
    for (let i = 0; i < 20; i++) {
      const { from } = startRun(a, pid, '%python\nwhile True:\n    pass');
      await a.waitFor(isStatus(pid, ['RUNNING']), from);
      a.send('CANCEL_PARAGRAPH', { id: pid });
      expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
    }
    expect(textOf((await run(a, pid, '%python\nprint(x)')).final)).toBe('20\n');
  });

  test('a code that ignores the interrupt is killed after the grace period; the next run starts fresh', async () => {
    const { from } = startRun(a, pid, '%python\nimport signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nprint("ignoring", flush=True)\nwhile True:\n    time.sleep(0.01)');
    // Cancel only once the handler is in place: an interrupt before it would be an ordinary KeyboardInterrupt.
    await a.waitFor((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' && (f.data as { paragraphId?: string; data?: string }).paragraphId === pid
      && String((f.data as { data?: string }).data).includes('ignoring'), from, 10_000, 'the handler to be installed');
    a.send('CANCEL_PARAGRAPH', { id: pid });
    expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
    const fresh = await run(a, pid, '%python\nprint("x" in globals())');
    expect(textOf(fresh.final)).toBe('False\n');
  });

  test('a crashed process gives ERROR and the session recovers on the next run', async () => {
    const p2 = await addParagraph(a, 1);
    const pidRun = await run(a, p2, '%python\nimport os\nprint(os.getpid())');
    const pyPid = Number(textOf(pidRun.final));
    const crash = await run(a, p2, '%python\nimport os\nos._exit(3)');
    expect(crash.final.status).toBe('ERROR');
    expect(textOf(crash.final)).toContain('exit code 3');
    await until(processGone(pyPid), 15_000, 'the crashed process to be gone');
    const again = await run(a, p2, '%python\nprint(1 + 1)');
    expect(again.final.status).toBe('FINISHED');
    expect(textOf(again.final)).toBe('2\n');
  });

  test('a cancel while the Python process is still starting ends the run as ABORT', async () => {
    const p2 = await addParagraph(a, 1);
    // The process exits, so the next run waits for a new one to start: the cancel arrives before it is ready.
    await run(a, p2, '%python\nimport os\nos._exit(3)');
    const { from } = startRun(a, p2, '%python\nwhile True:\n    pass');
    await a.waitFor(isStatus(p2, ['RUNNING']), from);
    a.send('CANCEL_PARAGRAPH', { id: p2 });
    expect((await waitFinal(a, p2, from)).final.status).toBe('ABORT');
    expect(textOf((await run(a, p2, '%python\nprint(2)')).final)).toBe('2\n');
  });

  test('a missing executable is a clear ERROR', async () => {
    const confDir = join(tempDir('zpl-conf-'), 'conf');
    mkdirSync(confDir, { recursive: true });
    const settings = builtinInterpreterSettings();
    const python = settings.find((s) => s.name === 'python');
    if (python) python.properties['zeppelin.python'].value = '/nonexistent/python9';
    writeInterpreterSettings(confDir, settings);
    const other = await startTestServer({ confDir });
    const c = await Client.open(other.wsUrl, other.origin);
    try {
      const n = await newNote(c, '/nopy', 'python');
      const r = await run(c, n.pid, 'print(1)');
      expect(r.final.status).toBe('ERROR');
      expect(textOf(r.final)).toContain('/nonexistent/python9');
    } finally {
      await c.close();
      await other.close();
    }
  });
});
