/**
 * Origin check of PROTOCOL 1.2, used for the websocket handshake and state-changing REST calls (1.11).
 *
 * Deviation from Zeppelin: besides `localhost` and the machine's host name, `127.0.0.1`, `::1` and the address
 * the server listens on are accepted too. Zeppelin rejects `http://127.0.0.1:8080` unless it is listed, but this
 * server prints exactly that URL at startup, so that is where users open it.
 */
import { hostname } from 'node:os';

export class OriginPolicy {
  private readonly allowed: string[];
  private readonly hosts: Set<string>;

  constructor(allowedOrigins: string, listenAddress: string) {
    this.allowed = allowedOrigins.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
    this.hosts = new Set(['localhost', '127.0.0.1', '[::1]', hostname().toLowerCase()]);
    if (listenAddress !== '' && listenAddress !== '0.0.0.0' && listenAddress !== '::') {
      this.hosts.add(listenAddress.includes(':') ? `[${listenAddress.toLowerCase()}]` : listenAddress.toLowerCase());
    }
  }

  /** A missing Origin counts as the string "null", as in Zeppelin: only `*` lets it through. */
  allows(origin: string | undefined): boolean {
    if (this.allowed.includes('*')) return true;
    const value = (origin ?? 'null').toLowerCase();
    if (this.allowed.includes(value)) return true;
    try {
      return this.hosts.has(new URL(value).hostname);
    } catch {
      return false;
    }
  }
}
