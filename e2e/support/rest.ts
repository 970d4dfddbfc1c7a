/** REST set-up steps of browser tests: Zeppelin's envelope unwrapped, anything but OK thrown with the answer. */
export async function restBody<T>(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: string; body: T; message?: string };
  if (!res.ok || json.status !== 'OK') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.body;
}
