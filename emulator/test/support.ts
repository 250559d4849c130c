import { RunningEmulator, startEmulator } from '../src/emulator';

export interface EmulatorSeller {
  sellerId: string;
  token: string;
}

export async function createSeller(emulator: RunningEmulator, body: Record<string, unknown> = {}): Promise<EmulatorSeller> {
  const response = await fetch(`${emulator.url}/__emulator/sellers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`seller not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as EmulatorSeller;
}

export async function call(
  emulator: RunningEmulator,
  token: string | null,
  scope: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${emulator.url}/${scope}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json: json as Record<string, any> };
}

export { startEmulator };
