/** Spec, Reply scenario: lower priority wins. A dragged order is stored as priorities 10, 20, 30… */
const PRIORITY_STEP = 10;

interface Ranked {
  id: string;
  priority: number;
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item);
  return result;
}

/** The priorities that give the scenarios this order: only those that change, one PATCH each. */
export function priorityChanges(ordered: readonly Ranked[]): { id: string; priority: number }[] {
  return ordered
    .map((scenario, index) => ({ id: scenario.id, priority: (index + 1) * PRIORITY_STEP, was: scenario.priority }))
    .filter((change) => change.priority !== change.was)
    .map(({ id, priority }) => ({ id, priority }));
}

/** Spec, Reply rule 1: the order in which scenarios are tried, lowest priority first, ties to the older one. */
export function byPrecedence<T extends Ranked & { createdAt: string }>(scenarios: readonly T[]): T[] {
  return [...scenarios].sort((a, b) => a.priority - b.priority || a.createdAt.localeCompare(b.createdAt));
}
