/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, Client, startTestServer, tempDir, type TestServer } from './helpers/harness';

describe('proxy mode (upstream = a second instance of this server)', () => {
  let upstream: TestServer;
  let proxy: TestServer;

  beforeAll(async () => {
    upstream = await startTestServer({ fixtures: true });
    const webDir = join(tempDir(), 'dist');
    mkdirSync(webDir);
    writeFileSync(join(webDir, 'index.html'), '<title>proxied ui</title>');
    proxy = await startTestServer({ upstream: upstream.url, webDir });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  test('serves the UI itself', async () => {
    expect((await api(proxy.url, '/')).text).toContain('proxied ui');
    expect((await api(proxy.url, '/notebook/2EYDJKFFY')).text).toContain('proxied ui');
  });

  test('forwards /api requests with bodies, status codes and envelopes', async () => {
    const list = await api<{ id: string }[]>(proxy.url, '/api/notebook');
    expect(list.body.body?.map((n) => n.id)).toContain('2EYDJKFFY');
    const made = await api<string>(proxy.url, '/api/notebook', { method: 'POST', json: { notePath: '/via proxy' }, headers: { origin: proxy.origin } });
    expect(made.status).toBe(200);
    const direct = await api<{ path: string }>(upstream.url, `/api/notebook/${String(made.body.body)}`);
    expect(direct.body.body?.path).toBe('/via proxy');
    const missing = await api(proxy.url, '/api/notebook/NOPE12345');
    expect(missing.status).toBe(404);
    expect(missing.body.status).toBe('NOT_FOUND');
    const q = await api(proxy.url, '/api/notebook/search?q=ipython');
    expect(q.text).toBe((await api(upstream.url, '/api/notebook/search?q=ipython')).text);
  });

  test('relays websocket frames both ways, byte for byte', async () => {
    const viaProxy = await Client.open(proxy.wsUrl, proxy.origin);
    const direct = await Client.open(upstream.wsUrl, upstream.origin);
    try {
      const note = await viaProxy.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
      expect(note.data.note?.id).toBe('2EYDJKFFY');
      const directNote = await direct.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
      const proxiedRaw = viaProxy.raw[viaProxy.frames.indexOf(viaProxy.frames.find((f) => f.op === 'NOTE') as never)];
      const directRaw = direct.raw[direct.frames.indexOf(directNote as never)];
      expect(proxiedRaw).toBe(directRaw);
      // Client → upstream direction: a commit through the proxy reaches the direct watcher.
      const from = direct.mark();
      const pid = String(note.data.note?.paragraphs[0].id);
      const msgId = viaProxy.send('COMMIT_PARAGRAPH', { id: pid, paragraph: '%md via proxy', params: {}, config: {} });
      const seen = await direct.next('PARAGRAPH', from);
      expect(seen.msgId).toBe(msgId);
      expect(seen.data.paragraph.text).toBe('%md via proxy');
      const errorFrom = viaProxy.mark();
      viaProxy.sendRaw('{bad json');
      expect((await viaProxy.next('ERROR_INFO', errorFrom)).data.info).toMatch(/^Malformed JSON/);
    } finally {
      await viaProxy.close();
      await direct.close();
    }
  });

  test('the proxy applies its own origin check', async () => {
    await expect(Client.open(proxy.wsUrl, 'http://evil.example')).rejects.toThrow(/403/);
  });

  test('an unreachable upstream gives 502', async () => {
    const dead = await startTestServer({ upstream: 'http://127.0.0.1:1' });
    try {
      const res = await api(dead.url, '/api/version');
      expect(res.status).toBe(502);
    } finally {
      await dead.close();
    }
  });
});
