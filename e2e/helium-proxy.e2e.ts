/**
 * Proxy mode: the UI in front of a Zeppelin server whose Helium bundle is of Zeppelin's own making (webpack's module
 * table, Zeppelin's copy of the Visualization base class, `window._heliumBundles.push` without creating the list,
 * jQuery and `$compile` expected from the page). The "Zeppelin" is a second embedded server behind a small relay that
 * answers the Helium calls and the client configuration as a real Zeppelin would and passes everything else on.
 */
import http from 'http';
import net from 'net';
import type { AddressInfo } from 'net';
import { startServer } from '../server/app';
import { launch, type Browser } from './support/browser';
import { restBody } from './support/rest';
import { startTestServer, type TestServer } from './support/server';
import { waitUntil } from './support/wait';

/** Shaped as Zeppelin's HeliumBundleFactory output: webpack 1 bootstrap, the framework class, the package, load.js. */
const ZEPPELIN_BUNDLE = `/******/ (function(modules) { // webpackBootstrap
/******/ 	var installedModules = {};
/******/ 	function __webpack_require__(moduleId) {
/******/ 		if(installedModules[moduleId]) return installedModules[moduleId].exports;
/******/ 		var module = installedModules[moduleId] = { exports: {}, id: moduleId, loaded: false };
/******/ 		modules[moduleId].call(module.exports, module, module.exports, __webpack_require__);
/******/ 		module.loaded = true;
/******/ 		return module.exports;
/******/ 	}
/******/ 	return __webpack_require__(0);
/******/ })([
/* 0 */ function(module, exports, __webpack_require__) {
	'use strict';
	var _remote = __webpack_require__(1);
	window._heliumBundles.push({ id: "zeppelin-remote-viz", name: "zeppelin-remote-viz", icon: "<i class=\\"fa fa-star\\"></i>", type: "VISUALIZATION", class: _remote.default });
},
/* 1 */ function(module, exports, __webpack_require__) {
	'use strict';
	Object.defineProperty(exports, "__esModule", { value: true });
	var Visualization = __webpack_require__(2).default;
	function RemoteViz(targetEl, config) { Visualization.call(this, targetEl, config); this.tr = { transform: function (t) { return t; }, renderSetting: function () {} }; }
	RemoteViz.prototype = Object.create(Visualization.prototype);
	RemoteViz.prototype.getTransformation = function () { return this.tr; };
	RemoteViz.prototype.render = function (tableData) {
		this.targetEl.html('');
		this.targetEl.append('<p class="remote-viz">' + tableData.rows.length + ' rows, ' + (this.config.unit || 'plain') + '</p>');
	};
	RemoteViz.prototype.getSetting = function () {
		var self = this;
		return { template: '<button type="button" ng-click="metric()">Metric</button>', scope: { metric: function () { self.config.unit = 'metric'; self.emitConfig(self.config); } } };
	};
	exports.default = RemoteViz;
},
/* 2 */ function(module, exports) {
	'use strict';
	Object.defineProperty(exports, "__esModule", { value: true });
	function Visualization(targetEl, config) { this.targetEl = targetEl; this.config = config; this._active = false; this._emitter = function () {}; }
	Visualization.prototype.activate = function () { this._active = true; };
	Visualization.prototype.setConfig = function (config) { this.config = config; };
	Visualization.prototype.emitConfig = function (config) { this._emitter(config); };
	Visualization.prototype.renderSetting = function (targetEl) {
		var setting = this.getSetting();
		if (!setting || this._scope) return;
		var scope = this._createNewScope();
		for (var k in setting.scope) scope[k] = setting.scope[k];
		targetEl.html(setting.template);
		this._compile(targetEl.contents())(scope);
		this._scope = scope;
	};
	exports.default = Visualization;
}
/******/ ]);`;

const REMOTE_PKG = { type: 'VISUALIZATION', name: 'zeppelin-remote-viz', artifact: 'zeppelin-remote-viz@1.0.0', icon: '<i class="fa fa-star"></i>' };

let zeppelin: TestServer;
let relay: http.Server;
let ui: TestServer;
let browser: Browser;
const bundleRequests: string[] = [];

function helium(url: string): { type: string; body: string } | undefined {
  const envelope = (body: unknown) => ({ type: 'application/json', body: JSON.stringify({ status: 'OK', message: '', body }) });
  if (url === '/api/helium/enabledPackage') return envelope([{ registry: 'remote', pkg: REMOTE_PKG, enabled: true }]);
  if (url === '/api/helium/config') return envelope({});
  // Zeppelin's answer has no `resultHistoryMax` (our server's extension, docs/protocol.md 3.11).
  if (url === '/api/configurations/client') return envelope({ wsMaxMessageSize: 10240000 });
  if (url.startsWith('/api/helium/bundle/load/zeppelin-remote-viz')) {
    bundleRequests.push(url);
    return { type: 'text/javascript', body: ZEPPELIN_BUNDLE };
  }
  return undefined;
}

beforeAll(async () => {
  zeppelin = await startTestServer({ 'zeppelin.server.allowed.origins': '*' });
  const backend = new URL(zeppelin.url);
  relay = http.createServer((req, res) => {
    const own = helium(req.url ?? '');
    if (own) return res.writeHead(200, { 'content-type': own.type }).end(own.body);
    const up = http.request({ host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  relay.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(backend.port), backend.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  ui = await startTestServerWithUpstream(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`);
  browser = await launch();
});

/** This UI in proxy mode, in front of the relay. */
async function startTestServerWithUpstream(upstream: string): Promise<TestServer> {
  const s = await startServer({ port: 0, host: '127.0.0.1', upstream, notebookDir: zeppelin.notebookDir, confDir: zeppelin.confDir, webDir: zeppelin.webDir });
  return Object.assign(s, { notebookDir: zeppelin.notebookDir, confDir: zeppelin.confDir, webDir: zeppelin.webDir });
}

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await new Promise((r) => relay?.close(r));
  await zeppelin?.close();
});

test('a bundle of Zeppelin\'s making, served by the upstream, draws a table result and saves its settings', async () => {
  const rest = <T>(method: string, p: string, body?: unknown) => restBody<T>(ui.url, method, p, body);
  const text = "%sql\nselect * from (values (1, 'a'), (2, 'b'), (3, 'c')) t(n, s)";
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/helium proxy ${Date.now()}`, paragraphs: [{ text }] });
  const pid = (await rest<{ paragraphs: { id: string }[] }>('GET', `/api/notebook/${noteId}`)).paragraphs[0].id;
  expect((await rest<{ code: string }>('POST', `/api/notebook/run/${noteId}/${pid}`)).code).toBe('SUCCESS');
  const { page } = browser;
  await page.goto(`${ui.url}#/notebook/${noteId}`);
  const p = page.locator(`#paragraph_${pid}`);
  await p.waitFor();
  await p.getByRole('group', { name: 'Visualization' }).getByRole('button', { name: 'zeppelin-remote-viz' }).click();
  await p.locator('.remote-viz').getByText('3 rows, plain').waitFor();
  await p.getByRole('button', { name: 'settings', exact: true }).click();
  await p.getByRole('region', { name: 'Chart settings' }).getByRole('button', { name: 'Metric' }).click();
  await p.locator('.remote-viz').getByText('3 rows, metric').waitFor();
  await waitUntil(() => rest<{ config?: { results?: Record<string, { graph?: { mode?: string; setting?: Record<string, { unit?: string }> } }> } }>('GET', `/api/notebook/${noteId}/paragraph/${pid}`),
    (x) => x.config?.results?.['0']?.graph?.mode === 'zeppelin-remote-viz' && x.config.results['0'].graph.setting?.['zeppelin-remote-viz']?.unit === 'metric');
  // The bundle came through the proxy from the upstream, and ran from its URL.
  expect(bundleRequests.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[data-helium-bundle]')].map((s) => new URL(s.src).pathname)))
    .toEqual(['/api/helium/bundle/load/zeppelin-remote-viz']);
});

test('against a Zeppelin server the paragraph menu offers no "Result history" and asks for none', async () => {
  const rest = <T>(method: string, p: string, body?: unknown) => restBody<T>(ui.url, method, p, body);
  const noteId = await rest<string>('POST', '/api/notebook', { notePath: `/history proxy ${Date.now()}`, paragraphs: [{ text: '%md hello' }] });
  const { page } = browser;
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/history')) asked.push(r.url()); });
  await page.goto(`${ui.url}#/notebook/${noteId}`);
  const p = page.locator('section[id^="paragraph_"]').first();
  await p.getByRole('button', { name: 'Paragraph settings' }).click();
  const menu = p.getByRole('menu', { name: 'Paragraph settings' });
  await menu.getByRole('menuitem', { name: 'Clear output' }).waitFor();
  expect(await menu.getByRole('menuitem', { name: 'Result history' }).count()).toBe(0);
  expect(asked).toEqual([]);
});
