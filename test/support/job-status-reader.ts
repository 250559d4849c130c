import type { TestApp } from './test-app';

/** Reads a job's status route and keeps every progress phase it has shown, for a test that asserts the job's path. */
export function jobStatusReader(t: TestApp, url: string, headers: Record<string, string>) {
  const phases = new Set<string>();
  const read = async () => {
    const body = (await t.request({ method: 'GET', url, headers })).json();
    if (body.progress) phases.add(body.progress.phase);
    return body;
  };
  return { read, phases };
}
