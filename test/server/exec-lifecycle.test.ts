/** @jest-environment node */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, Client, startTestServer, type Frame, type TestServer } from './helpers/harness';
import { addParagraph, isStatus, newNote, paragraphFrame, processGone, run, startRun, textOf, until, waitFinal } from './helpers/exec';

// Real processes on a loaded CI machine (the whole suite runs in parallel on 2 cores) need more than 5 s at times.
jest.setTimeout(30000);

describe('execution lifecycle, streaming, run-all and jobs (PROTOCOL 2.3, 5.3–5.6)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    server = await startTestServer({ settings: { 'zeppelin.interpreter.output.limit': '4000' } });
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  async function note(name: string, group = 'md'): Promise<{ noteId: string; pid: string }> {
    const n = await newNote(a, name, group);
    await b.request('GET_NOTE', { id: n.noteId }, 'NOTE');
    return n;
  }

  test('interpreter.json is created in Zeppelin format on first start', () => {
    const file = join(server.confDir, 'interpreter.json');
    expect(existsSync(file)).toBe(true);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { interpreterSettings: Record<string, { group: string; properties: Record<string, { value: unknown; type: string }>; option: { perNote: string } }> };
    expect(Object.keys(doc.interpreterSettings)).toEqual(['md', 'sh', 'python', 'sql', 'js', 'jdbc', 'angular']);
    expect(doc.interpreterSettings.sh.properties['shell.command.timeout.millisecs']).toMatchObject({ value: '60000', type: 'number' });
    expect(doc.interpreterSettings.python.option.perNote).toBe('shared');
  });

  test('%md: PENDING → RUNNING → FINISHED, each PARAGRAPH preceded by SAVE_NOTE_FORMS, last paragraph appends one with the msgId', async () => {
    const { pid } = await note('/life md');
    const bFrom = b.mark();
    const r = await run(a, pid, '%md\n# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[link](http://x)\n\n```\ncode\n```');
    expect(r.final.status).toBe('FINISHED');
    expect(r.final.results?.code).toBe('SUCCESS');
    const html = r.final.results?.msg?.[0];
    expect(html?.type).toBe('HTML');
    expect(html?.data).toMatch(/^<div class="markdown-body">\n<h1>Title<\/h1>/);
    expect(html?.data).toContain('<table>');
    expect(html?.data).toContain('<a href="http://x">link</a>');
    expect(html?.data).toContain('<pre><code>code\n</code></pre>');
    expect(r.final.dateStarted).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    expect(r.final.dateFinished).toBeDefined();
    expect(r.final.user).toBe('anonymous');
    // Everyone in the room sees the same sequence.
    await b.waitFor(isStatus(pid, ['FINISHED']), bFrom);
    const ops = b.frames.slice(bFrom);
    const statuses = ops.filter((f) => f.op === 'PARAGRAPH').map((f) => paragraphFrame(f)?.status);
    expect(statuses).toEqual(['PENDING', 'RUNNING', 'FINISHED']);
    ops.forEach((f, i) => {
      if (f.op === 'PARAGRAPH') expect(ops[i - 1].op).toBe('SAVE_NOTE_FORMS');
    });
    const added = ops.find((f) => f.op === 'PARAGRAPH_ADDED') as Frame;
    expect(added.msgId).toBe(r.msgId);
    expect(added.data).toMatchObject({ index: 1, paragraph: { text: '%md\n', status: 'READY' } });
    expect(ops.indexOf(added)).toBeLessThan(ops.findIndex((f) => f.op === 'PARAGRAPH'));
  });

  test('unknown interpreter, empty text and disabled paragraphs end at once', async () => {
    const { pid } = await note('/life edge');
    const unknown = await run(a, pid, '%nosuch\nx');
    expect(unknown.final.status).toBe('ERROR');
    expect(unknown.final.results).toEqual({ code: 'ERROR', msg: [{ type: 'TEXT', data: 'Interpreter nosuch not found' }] });
    const p2 = await addParagraph(a, 1);
    const empty = await run(a, p2, '%md');
    expect(empty.final.status).toBe('FINISHED');
    expect(empty.final.results).toBeUndefined();
    expect(empty.frames.filter((f) => f.op === 'PARAGRAPH').map((f) => paragraphFrame(f)?.status)).toEqual(['PENDING', 'FINISHED']);
    const disabled = await run(a, p2, '%sh\necho never', { config: { enabled: false } });
    expect(disabled.final.status).toBe('FINISHED');
    expect(disabled.final.results).toBeUndefined();
  });

  test('%sh streams stdout and stderr: UPDATE before APPEND before the final PARAGRAPH; exit code ≠ 0 is ERROR', async () => {
    const { pid } = await note('/life sh');
    // The marker file makes the second half wait until the first half has been streamed to the client.
    const marker = join(server.dir, 'go');
    const { from } = startRun(a, pid, `%sh\necho one; echo two >&2; while [ ! -e ${marker} ]; do sleep 0.02; done; echo three; exit 2`);
    await a.waitFor((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT' && (f.data as { paragraphId: string }).paragraphId === pid, from);
    await a.waitFor((f) => f.op === 'PROGRESS' && (f.data as { id: string }).id === pid, from);
    writeFileSync(marker, '');
    const { final, frames } = await waitFinal(a, pid, from);
    expect(final.status).toBe('ERROR');
    expect(textOf(final)).toBe('one\ntwo\nthree\nExitValue: 2\n');
    const ops = frames.map((f) => f.op);
    const update = ops.indexOf('PARAGRAPH_UPDATE_OUTPUT');
    const append = ops.indexOf('PARAGRAPH_APPEND_OUTPUT');
    expect(update).toBeGreaterThan(-1);
    expect(update).toBeLessThan(append);
    expect(append).toBeLessThan(ops.lastIndexOf('PARAGRAPH'));
    expect(frames[update].data).toMatchObject({ index: 0, type: 'TEXT', data: '' });
    const streamed = frames.filter((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT').map((f) => (f.data as { data: string }).data).join('');
    expect(streamed).toBe(textOf(final));
    const running = frames.find((f) => paragraphFrame(f)?.status === 'RUNNING');
    expect(ops.indexOf('PROGRESS')).toBeGreaterThan(frames.indexOf(running as Frame));
  });

  test('forms: ${} templates become settings.forms, params are substituted, note forms land in noteForms', async () => {
    const { noteId, pid } = await note('/life forms');
    const first = await run(a, pid, '%md\nHello ${name=World} from ${city=Paris,Paris|Rome} in $${region=EU,EU|US}');
    expect(first.final.settings?.forms?.name).toMatchObject({ type: 'TextBox', defaultValue: 'World' });
    expect(first.final.settings?.forms?.city).toMatchObject({ type: 'Select' });
    expect(textOf(first.final)).toContain('Hello World from Paris in EU');
    const pending = first.frames.find((f) => paragraphFrame(f)?.status === 'PENDING');
    expect(paragraphFrame(pending as Frame)?.settings?.forms?.name).toBeDefined();
    const forms = a.frames.slice(first.from).filter((f) => f.op === 'SAVE_NOTE_FORMS').pop() as Frame;
    expect(forms.data).toMatchObject({ formsData: { forms: { region: { type: 'Select' } } } });
    await a.request('SAVE_NOTE_FORMS', { noteId, noteParams: { region: 'US' } }, 'SAVE_NOTE_FORMS');
    const second = await run(a, pid, '%md\nHello ${name=World} from ${city=Paris,Paris|Rome} in $${region=EU,EU|US}', { params: { name: 'Ada', city: 'Rome' } });
    expect(textOf(second.final)).toContain('Hello Ada from Rome in US');
    expect(second.final.settings?.params).toEqual({ name: 'Ada', city: 'Rome' });
  });

  // As in Zeppelin, the limit cuts the output, not the run: the command goes on to its end (output discarded).
  test('output limit: output past the limit is cut with the alert and the run still finishes FINISHED', async () => {
    const { pid } = await note('/life limit');
    const r = await run(a, pid, '%sh\nseq 1 20000; echo done >&2; exit 0');
    expect(r.final.status).toBe('FINISHED');
    const msgs = r.final.results?.msg ?? [];
    expect(msgs.map((m) => m.type)).toEqual(['TEXT', 'HTML']);
    expect(Buffer.byteLength(msgs[0].data)).toBeLessThanOrEqual(4000);
    expect(msgs[0].data.startsWith('1\n2\n3\n')).toBe(true);
    expect(msgs[0].data.endsWith('\n')).toBe(true);
    expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 4000 bytes');
  });

  test('output limit: a runaway `yes` is truncated with the alert and keeps running until cancelled (ABORT); the session still works', async () => {
    const { pid } = await note('/life yes');
    const { from } = startRun(a, pid, '%sh\nyes');
    await a.waitFor((f) => f.op === 'PARAGRAPH_UPDATE_OUTPUT' && (f.data as { type?: string }).type === 'HTML', from, 10000, 'the truncation alert');
    a.send('CANCEL_PARAGRAPH', { id: pid });
    const { final } = await waitFinal(a, pid, from);
    expect(final.status).toBe('ABORT');
    const msgs = final.results?.msg ?? [];
    expect(Buffer.byteLength(msgs[0].data)).toBeLessThanOrEqual(4000);
    expect(msgs[0].data.endsWith('y\n')).toBe(true);
    expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 4000 bytes');
    const again = await run(a, pid, '%sh\necho fine');
    expect(again.final.status).toBe('FINISHED');
  });

  test('%sh cancel kills the whole process group → ABORT', async () => {
    const { pid } = await note('/life cancel');
    const pidFile = join(server.dir, 'child.pid');
    const { from } = startRun(a, pid, `%sh\nsleep 30 & echo $! > ${pidFile}; wait`);
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', 15_000, 'pid file');
    a.send('CANCEL_PARAGRAPH', { id: pid });
    const { final } = await waitFinal(a, pid, from);
    expect(final.status).toBe('ABORT');
    const child = Number(readFileSync(pidFile, 'utf8'));
    // The background `sleep` was in the group: it is gone too.
    await until(processGone(child), 15_000, 'the grandchild to exit');
  });

  test('a restart re-reads interpreter.json: a lowered shell timeout ends a long command as ERROR', async () => {
    const { pid } = await note('/life timeout');
    const file = join(server.confDir, 'interpreter.json');
    const original = readFileSync(file, 'utf8');
    const doc = JSON.parse(original) as { interpreterSettings: { sh: { properties: Record<string, { value: string }> } } };
    doc.interpreterSettings.sh.properties['shell.command.timeout.millisecs'].value = '300';
    writeFileSync(file, JSON.stringify(doc));
    try {
      expect((await api(server.url, '/api/interpreter/setting/restart/sh', { method: 'PUT' })).status).toBe(200);
      const timed = await run(a, pid, '%sh\necho start; sleep 20');
      expect(timed.final.status).toBe('ERROR');
      expect(textOf(timed.final)).toContain('shell.command.timeout.millisecs (300 ms)');
    } finally {
      writeFileSync(file, original);
      await api(server.url, '/api/interpreter/setting/restart/sh', { method: 'PUT' });
    }
  });

  test('run-all: NOTE_RUNNING_STATUS around it, stops at the first ERROR, blocks editing ops while running', async () => {
    const { noteId, pid } = await note('/life runall');
    const p2 = await addParagraph(a, 1);
    const p3 = await addParagraph(a, 2);
    const from = a.mark();
    const list = [
      { id: pid, paragraph: '%sh\nsleep 0.3; echo first', config: {}, params: {} },
      { id: p2, paragraph: '%sh\nexit 1', config: {}, params: {} },
      { id: p3, paragraph: '%md\nnever', config: {}, params: {} },
    ];
    a.send('RUN_ALL_PARAGRAPHS', { noteId, paragraphs: JSON.stringify(list) });
    await a.next('NOTE_RUNNING_STATUS', from, (f) => f.data.status === true);
    const blocked = await a.request('RUN_ALL_PARAGRAPHS', { noteId, paragraphs: '[]' }, 'ERROR_INFO');
    expect(blocked.data.info).toBe('Note is now running sequentially. Can not be performed: RUN_ALL_PARAGRAPHS');
    const commit = await a.request('COMMIT_PARAGRAPH', { id: p3, noteId, paragraph: 'x', params: {}, config: {} }, 'ERROR_INFO');
    expect(commit.data.info).toBe('Note is now running sequentially. Can not be performed: COMMIT_PARAGRAPH');
    await a.next('NOTE_RUNNING_STATUS', from, (f) => f.data.status === false);
    const statusOf = (id: string) => a.frames.slice(from).map(paragraphFrame).filter((p) => p?.id === id).map((p) => p?.status);
    expect(statusOf(pid)).toContain('FINISHED');
    expect(statusOf(p2)).toContain('ERROR');
    expect(statusOf(p3).every((s) => s === 'READY')).toBe(true);
    const job = await api<{ isRunning: boolean; paragraphs: { id: string; status: string }[] }>(server.url, `/api/notebook/job/${noteId}`);
    expect(job.body.body?.isRunning).toBe(false);
    expect(job.body.body?.paragraphs.map((p) => p.status)).toEqual(['FINISHED', 'ERROR', 'READY']);
  });

  test('CANCEL_ALL_PARAGRAPHS aborts the running and the queued paragraph', async () => {
    const { noteId, pid } = await note('/life cancel all');
    const p2 = await addParagraph(a, 1);
    const from = a.mark();
    a.send('RUN_PARAGRAPH', { id: pid, paragraph: '%sh\nsleep 30', params: {}, config: {} });
    a.send('RUN_PARAGRAPH', { id: p2, paragraph: '%sh\necho queued', params: {}, config: {} });
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    await a.waitFor(isStatus(p2, ['PENDING']), from);
    a.send('CANCEL_ALL_PARAGRAPHS', { noteId });
    expect((await waitFinal(a, pid, from)).final.status).toBe('ABORT');
    expect((await waitFinal(a, p2, from)).final.status).toBe('ABORT');
  });

  test('a paragraph deleted while running is aborted and its session is free for the next run', async () => {
    const { pid } = await note('/life delete');
    const p2 = await addParagraph(a, 1);
    const from = a.mark();
    a.send('RUN_PARAGRAPH', { id: pid, paragraph: '%sh\nsleep 30', params: {}, config: {} });
    await a.waitFor(isStatus(pid, ['RUNNING']), from);
    await a.request('PARAGRAPH_REMOVE', { id: pid }, 'PARAGRAPH_REMOVED');
    const next = await run(a, p2, '%sh\necho after');
    expect(next.final.status).toBe('FINISHED');
    expect(a.frames.slice(from).some((f) => paragraphFrame(f)?.id === pid && paragraphFrame(f)?.status === 'ABORT')).toBe(false);
  });

  test('job manager: LIST_NOTE_JOBS subscribers get LIST_UPDATE_NOTE_JOBS as statuses change', async () => {
    const { noteId, pid } = await note('/life jobs');
    const jobs = await Client.open(server.wsUrl, server.origin);
    try {
      await jobs.request('LIST_NOTE_JOBS', {}, 'LIST_NOTE_JOBS');
      const from = jobs.mark();
      await run(a, pid, '%sh\necho job');
      const running = await jobs.waitFor((f) => f.op === 'LIST_UPDATE_NOTE_JOBS'
        && JSON.stringify(f.data).includes('"isRunningJob":true') && JSON.stringify(f.data).includes(noteId), from);
      expect(running).toBeDefined();
      const finished = await jobs.waitFor((f) => {
        const data = f.data as { noteRunningJobs?: { jobs: { noteId: string; isRunningJob: boolean; paragraphs?: { id: string; status: string }[] }[] } };
        return f.op === 'LIST_UPDATE_NOTE_JOBS' && (data.noteRunningJobs?.jobs ?? []).some((j) => j.noteId === noteId && !j.isRunningJob && (j.paragraphs ?? []).some((p) => p.id === pid && p.status === 'FINISHED'));
      }, from);
      expect(finished).toBeDefined();
    } finally {
      await jobs.close();
    }
  });

  test('REST: synchronous run, async job, run-all with params, status and stop', async () => {
    const { noteId, pid } = await note('/life rest');
    await a.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: '%md\nhi ${who=you}', params: {}, config: {} }, 'PARAGRAPH');
    const sync = await api<{ code: string; msg: { type: string; data: string }[] }>(server.url, `/api/notebook/run/${noteId}/${pid}`, { method: 'POST', json: { params: { who: 'REST' } } });
    expect(sync.status).toBe(200);
    expect(sync.body.body?.code).toBe('SUCCESS');
    expect(sync.body.body?.msg[0].data).toContain('hi REST');
    const p2 = await addParagraph(a, 1);
    await a.request('COMMIT_PARAGRAPH', { id: p2, noteId, paragraph: '%sh\nsleep 30', params: {}, config: {} }, 'PARAGRAPH');
    const from = a.mark();
    expect((await api(server.url, `/api/notebook/job/${noteId}/${p2}`, { method: 'POST' })).body.status).toBe('OK');
    await a.waitFor(isStatus(p2, ['RUNNING']), from);
    const status = await api<{ status: string; progress: string; started?: string }>(server.url, `/api/notebook/job/${noteId}/${p2}`);
    expect(status.body.body).toMatchObject({ id: p2, status: 'RUNNING' });
    expect((await api(server.url, `/api/notebook/job/${noteId}/${p2}`, { method: 'DELETE' })).body.status).toBe('OK');
    expect((await waitFinal(a, p2, from)).final.status).toBe('ABORT');
    // Run-all of the stored paragraphs, blocking, with params for this run only.
    await a.request('COMMIT_PARAGRAPH', { id: p2, noteId, paragraph: '%sh\necho ${who=x}', params: {}, config: {} }, 'PARAGRAPH');
    const all = await api(server.url, `/api/notebook/job/${noteId}?blocking=true`, { method: 'POST', json: { params: { who: 'all' } } });
    expect(all.body.status).toBe('OK');
    const job = await api<{ paragraphs: { status: string }[] }>(server.url, `/api/notebook/job/${noteId}`);
    expect(job.body.body?.paragraphs.map((p) => p.status)).toEqual(['FINISHED', 'FINISHED']);
    const stored = await api<{ results: { msg: { data: string }[] } }>(server.url, `/api/notebook/${noteId}/paragraph/${p2}`);
    expect(stored.body.body?.results.msg[0].data).toBe('all\n');
    expect((await api(server.url, '/api/notebook/job/NOSUCHNOTE', { method: 'POST' })).status).toBe(404);
  });

  test('REST interpreter settings and restart', async () => {
    const list = await api<{ id: string }[]>(server.url, '/api/interpreter/setting');
    expect(list.body.body?.map((s) => s.id)).toEqual(['md', 'sh', 'python', 'sql', 'js', 'jdbc', 'angular']);
    const groups = await api<Record<string, { properties: Record<string, { envName: string; defaultValue: unknown }> }>>(server.url, '/api/interpreter');
    expect(groups.body.body?.sh.properties['shell.command.timeout.millisecs']).toMatchObject({ envName: 'SHELL_COMMAND_TIMEOUT_MILLISECS', defaultValue: '60000' });
    const restarted = await api<{ id: string }>(server.url, '/api/interpreter/setting/restart/sh', { method: 'PUT' });
    expect(restarted.body.body?.id).toBe('sh');
    expect((await api(server.url, '/api/interpreter/setting/restart/nosuch', { method: 'PUT' })).status).toBe(404);
  });
});
