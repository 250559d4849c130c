/** One request the app sent, as a test reads it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  body: unknown;
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
}

/** An answer now, or later (a promise: the request waits for it, as a slow service's would). */
type Route = (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;

let route: Route = () => undefined;
const calls: ApiCall[] = [];

/** The service as the app reaches it through window.fetch: each request is recorded and answered by the test's route. */
export const fakeApi = {
  calls,
  /** Answers the next requests; a request the route leaves unanswered fails the test with a 599. */
  answer(next: Route): void {
    route = next;
  },
  reset(): void {
    route = () => undefined;
    calls.length = 0;
  },
  /** The calls to one path, in the order sent. */
  callsTo(path: string): ApiCall[] {
    return calls.filter((call) => call.path === path);
  },
};

export async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const text = await request.text();
  const call: ApiCall = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    authorization: request.headers.get('Authorization'),
    body: text ? JSON.parse(text) : undefined,
  };
  calls.push(call);
  const answer = (await route(call)) ?? {
    status: 599,
    body: { code: 'UNANSWERED', message: `${call.method} ${call.path}`, details: null, traceId: '' },
  };
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An answer in the API's error envelope. */
export function errorAnswer(status: number, code: string, message: string, details: unknown = null, traceId = 'trace-1'): ApiAnswer {
  return { status, body: { code, message, details, traceId } };
}
