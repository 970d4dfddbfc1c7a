/**
 * The websocket URL from the page location: ws or wss after the page's protocol, the page's port (a dev server on
 * 9000 maps to 8080, as Zeppelin's UIs do; no port means 80 or 443), and the page's path without a trailing slash.
 */
export function wsUrlFor(loc: { protocol: string; hostname: string; port: string; pathname: string }): string {
  const secure = loc.protocol === 'https:';
  let port = loc.port || (secure ? '443' : '80');
  if (port === '9000') port = '8080';
  const path = loc.pathname.replace(/\/[^/]*\.html$/, '').replace(/\/+$/, '');
  return `${secure ? 'wss' : 'ws'}://${loc.hostname}:${port}${path}/ws`;
}
