/** An answer of the service: its status and its JSON body (empty when it had none). */
export interface Answer {
  status: number;
  body: Record<string, any>;
}

/**
 * One call of the service's HTTP API, as a seller's script makes it: a 429 of the inbound limit (the demo's parts poll
 * side by side) is asked again after the retryAfterSeconds it names.
 */
export async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (;;) {
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const answer = { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
    if (answer.status !== 429) return answer;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.body.details?.retryAfterSeconds ?? 1) * 1000));
  }
}

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Reads until `done` holds (every second), failing with what was read last once `timeoutMs` has passed. */
export async function readUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A job's status through its status route, once it has ended; a failed job fails the demo. */
export async function jobEnded(base: string, token: string, statusPath: string, what: string, timeoutMs: number): Promise<Answer['body']> {
  const status = await readUntil(
    what,
    async () => expectStatus(await call(base, 'GET', statusPath, token), 200, what).body,
    (body) => body.state === 'completed' || body.state === 'failed',
    timeoutMs,
  );
  if (status.state === 'failed') throw new Error(`${what}: ${JSON.stringify(status)}`);
  return status;
}
