/** The fields of a complaint rule the choice reads. */
export interface ComplaintRuleConditions {
  id: string;
  priority: number;
  ratingMax: number;
  brand: string | null;
  category: string | null;
  isActive: boolean;
  createdAt: Date;
}

/** What is known of a feedback when a complaint rule is chosen for it. */
export interface FeedbackFacts {
  /** Stars 1-5; a feedback without a rating matches no rule. */
  rating: number | null;
  brand: string;
}

/**
 * Spec: Complaint rule. A rule matches a feedback rated at most its ratingMax, of its brand when it names one; a
 * category condition never holds (marketplace items carry no category).
 */
export function complaintRuleMatches(rule: ComplaintRuleConditions, feedback: FeedbackFacts): boolean {
  return (
    rule.isActive &&
    rule.category === null &&
    (rule.brand === null || rule.brand === feedback.brand) &&
    feedback.rating !== null &&
    feedback.rating <= rule.ratingMax
  );
}

/** Lower priority number first, then the older rule, then the smaller id, so that the choice never depends on row order. */
function precedes(a: ComplaintRuleConditions, b: ComplaintRuleConditions): boolean {
  if (a.priority !== b.priority) return a.priority < b.priority;
  if (a.createdAt.getTime() !== b.createdAt.getTime()) return a.createdAt < b.createdAt;
  return a.id < b.id;
}

/** Reply rule 8: the matching rule of the lowest priority number, ties to the older; undefined when none fits. */
export function chooseComplaintRule<R extends ComplaintRuleConditions>(rules: readonly R[], feedback: FeedbackFacts): R | undefined {
  return rules
    .filter((rule) => complaintRuleMatches(rule, feedback))
    .reduce<R | undefined>((chosen, rule) => (chosen === undefined || precedes(rule, chosen) ? rule : chosen), undefined);
}
