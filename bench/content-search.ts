import type { LoadRequest } from './paced-load';
import type { ServiceStack } from './service-stack';
import { loadAlternating, LoadResult } from './support';

/** Buyers' questions: words in other forms than the texts', two with a typo, one about a card, one of two article types. */
const QUERIES: Record<string, unknown>[] = [
  { q: 'как стирать хлопок при какой температуре' },
  { q: 'таблица размеров обхват груди и талии' },
  { q: 'возврат товара с браком срок' },
  { q: 'доставка курьером в пункт выдачи' },
  { q: 'куртка с мембраной водоотталкивающей пропиткой' },
  { q: 'свитер катышки после стирок' },
  { q: 'гипоалергенная ткань' },
  { q: 'сертефикат соответствия' },
  { q: 'маломерит ли модель', nmId: 10000003 },
  { q: 'обмен и возврат', types: ['faq', 'policy'] },
];

export interface SearchFigures {
  /** Results of each query, by its text. */
  found: Record<string, number>;
  /** The route's throughput at its capacity (autocannon, as many requests as it answers). */
  capacity: LoadResult;
  /** Half the capacity, offered at a fixed pace. */
  offeredRate: number;
  atRate: LoadResult;
}

export async function knowledgeBaseSearch(
  stack: ServiceStack,
  headers: Record<string, string>,
  accountId: string,
  load: { connections: number; totalSec: number; roundSec: number; warmupSec: number },
  offeredShare: number,
): Promise<SearchFigures> {
  const requests: LoadRequest[] = QUERIES.map((query) => ({
    path: '/knowledge-base/search',
    method: 'POST',
    body: JSON.stringify({ mpAccountId: accountId, limit: 5, ...query }),
  }));
  const found: Record<string, number> = {};
  for (const request of requests) {
    const response = await fetch(stack.apiUrl + request.path, { method: 'POST', headers, body: request.body });
    if (response.status !== 200) throw new Error(`the search ${request.body} answered ${response.status}: ${await response.text()}`);
    const { items } = (await response.json()) as { items: unknown[] };
    found[(JSON.parse(request.body!) as { q: string }).q] = items.length;
  }
  const target = { url: stack.apiUrl, pid: stack.api.child.pid!, headers, requests };
  const [capacity] = await loadAlternating([target], load);
  const offeredRate = Math.max(1, Math.round(capacity.requestsPerSecond * offeredShare));
  const [atRate] = await loadAlternating([target], { ...load, overallRate: offeredRate });
  return { found, capacity, offeredRate, atRate };
}
