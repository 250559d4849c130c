import type { DataScope } from '../src/common/auth/data-scope';
import { scoreAuditCards } from '../src/modules/content/content-audit.service';
import { ContentCatalogRepository } from '../src/modules/content/content-catalog.repository';
import type { ServiceStack } from './service-stack';
import { percentile, timedRuns } from './timing';

const WARMUP = 2;
const RUNS = 5;

export interface Timing {
  timesMs: number[];
  p50Ms: number;
  maxMs: number;
}

export interface AuditFigures {
  cards: number;
  /** The first GET /content/audit of the process: no text's check findings remembered yet. */
  firstMs: number;
  /** GET /content/audit (a page of 20 of every card scored), through HTTP. */
  route: Timing;
  /** The catalog's cards and their drafts' phrases read by the service's repositories, in this process. */
  read: Timing;
  /** The scorer alone over the cards read. */
  score: Timing;
}

/** WARMUP untimed runs, then RUNS timed ones. */
async function timed(run: () => Promise<unknown>): Promise<Timing> {
  const timesMs = await timedRuns(run, WARMUP, RUNS);
  const sorted = [...timesMs].sort((a, b) => a - b);
  return { timesMs, p50Ms: percentile(sorted, 0.5), maxMs: sorted[sorted.length - 1] };
}

export async function contentAudit(stack: ServiceStack, headers: Record<string, string>, accountId: string): Promise<AuditFigures> {
  const url = `${stack.apiUrl}/content/audit?mpAccountId=${accountId}&limit=20`;
  const firstStarted = performance.now();
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`the audit answered ${first.status}: ${await first.text()}`);
  const { meta } = (await first.json()) as { meta: { total: number } };
  const firstMs = Math.round(performance.now() - firstStarted);
  const route = await timed(async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`the audit answered ${response.status}`);
    await response.arrayBuffer();
  });
  const scope: DataScope = { accountId, brandIds: 'all' };
  const catalog = new ContentCatalogRepository(stack.db);
  const read = await timed(() => catalog.auditCards(scope));
  const cards = await catalog.auditCards(scope);
  const score = await timed(async () => scoreAuditCards(cards));
  return { cards: meta.total, firstMs, route, read, score };
}
