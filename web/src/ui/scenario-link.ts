import type { InboxItem } from '../api/inbox-queries';
import type { Scenario } from '../api/reply-queries';

/** The templates screen's path: the inbox links there when no scenario fits an item. */
export const TEMPLATES_PATH = '/autoreply/templates';

/** What a link to the templates screen fills in a new scenario: the kind and the stars of the item it was made for. */
export interface ScenarioPrefill {
  kind: Scenario['kind'];
  rating: number | null;
}

const KIND_OF_ITEM: Record<InboxItem['kind'], Scenario['kind']> = { feedback: 'feedbacks', question: 'questions' };

/** The templates screen opened on a new scenario for the item's kind and, for a feedback, its rating. */
export function newScenarioLink(item: Pick<InboxItem, 'kind' | 'rating'>): string {
  const query = new URLSearchParams({ newScenario: KIND_OF_ITEM[item.kind] });
  if (item.kind === 'feedback' && item.rating !== null) query.set('rating', String(item.rating));
  return `${TEMPLATES_PATH}?${query.toString()}`;
}

const isKind = (value: string | null): value is Scenario['kind'] => value === 'feedbacks' || value === 'questions' || value === 'both';

/** The new scenario a link asks for (`newScenarioLink`), or null when the address asks for none or for something unknown. */
export function scenarioPrefill(search: string): ScenarioPrefill | null {
  const query = new URLSearchParams(search);
  const kind = query.get('newScenario');
  if (!isKind(kind)) return null;
  const rating = Number(query.get('rating'));
  return { kind, rating: kind !== 'questions' && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null };
}
