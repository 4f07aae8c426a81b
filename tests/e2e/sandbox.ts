/** e2e access to the sandbox API started by the web server: its seed through the API and its test hooks. */
export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? 'http://127.0.0.1:4011';

export async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

export async function sandboxPost<T>(path: string, data: unknown): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 200) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}
