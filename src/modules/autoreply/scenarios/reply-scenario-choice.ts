import type { InboxKind, ReplyKindScope } from '../../../database/schema/autoreply';

/** The fields of a scenario the choice reads. */
export interface ScenarioConditions {
  id: string;
  priority: number;
  kind: ReplyKindScope;
  brand: string | null;
  category: string | null;
  ratingMin: number | null;
  ratingMax: number | null;
  isActive: boolean;
  createdAt: Date;
}

/** What is known of a feedback or question when a scenario is chosen for it. */
export interface InboxFacts {
  kind: InboxKind;
  brand: string | null;
  /** Feedbacks only. */
  rating: number | null;
}

export function coversKind(scope: ReplyKindScope, kind: InboxKind): boolean {
  return scope === 'both' || scope === (kind === 'feedback' ? 'feedbacks' : 'questions');
}

/**
 * Spec: Reply scenario. The category condition never holds (marketplace items carry no category); a rating range holds
 * only for a feedback rated within it, so a scenario with a range never matches a question.
 */
export function scenarioMatches(scenario: ScenarioConditions, item: InboxFacts): boolean {
  if (!scenario.isActive || !coversKind(scenario.kind, item.kind)) return false;
  if (scenario.category !== null) return false;
  if (scenario.brand !== null && scenario.brand !== item.brand) return false;
  if (scenario.ratingMin === null && scenario.ratingMax === null) return true;
  if (item.kind !== 'feedback' || item.rating === null) return false;
  return item.rating >= (scenario.ratingMin ?? 1) && item.rating <= (scenario.ratingMax ?? 5);
}

function byPriority(a: ScenarioConditions, b: ScenarioConditions): number {
  return a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Spec: Reply rule 1. Among the scenarios whose conditions all hold, the lowest priority number; ties go to the older. */
export function chooseScenario<S extends ScenarioConditions>(scenarios: readonly S[], item: InboxFacts): S | undefined {
  let chosen: S | undefined;
  for (const scenario of scenarios) {
    if (scenarioMatches(scenario, item) && (!chosen || byPriority(scenario, chosen) < 0)) chosen = scenario;
  }
  return chosen;
}
