/**
 * A page init script for benchmarks that deliver server frames into the app as if they came over its socket. It
 * defines `window.__deliverFrame(text)`, and `window.__deliverOp(op, data)` for a frame of the anonymous user. The app's socket is normally held by its table worker (src/app/workerSocket.ts):
 * a frame is then handed to the page as the worker's "frames" news for the socket it last opened, so the page pays
 * its whole receive path (parse, validate, dispatch, reduce, draw). Without a worker the page opens its own WebSocket,
 * and the frame is a message event of that socket.
 */
export const INJECT_FRAMES_SCRIPT = `(() => {
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket { constructor(...a) { super(...a); window.__pageSocket = this; } };
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => {
        const m = e.data;
        if (m && m.event === 'open' && typeof m.socket === 'number') window.__workerSocket = { worker: this, socket: m.socket };
      });
    }
  };
  window.__deliverFrame = (text) => {
    const held = window.__workerSocket;
    if (held) held.worker.dispatchEvent(new MessageEvent('message', { data: { socket: held.socket, event: 'frames', raws: [text] } }));
    else if (window.__pageSocket) window.__pageSocket.dispatchEvent(new MessageEvent('message', { data: text }));
    else throw new Error('no socket to deliver frames into');
  };
  window.__deliverOp = (op, data) => window.__deliverFrame(JSON.stringify({ op, data, ticket: 'anonymous', principal: 'anonymous', roles: '' }));
})();`;
