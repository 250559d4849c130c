/** Spec (A/B tests): the states of a test of a card's main photo. */
export const AB_TEST_STATES = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'completed',
  'applied',
  'restored',
  'failed',
  'interrupted',
] as const;
export type AbTestState = (typeof AB_TEST_STATES)[number];

/** The states in which a test holds its card and campaign: at most one such test per nmId and per campaign. */
export const ACTIVE_AB_TEST_STATES = ['scheduled', 'running', 'paused'] as const satisfies readonly AbTestState[];

/** Why a test is paused: by its user, or by the rotation worker when a measurement would be unfair. */
export const AB_TEST_PAUSE_REASONS = ['manual', 'campaign_paused', 'out_of_stock', 'price_changed'] as const;
export type AbTestPauseReason = (typeof AB_TEST_PAUSE_REASONS)[number];

/** The actions of the API's routes (POST /ab-tests/:id/<action>, PATCH, DELETE). */
export const AB_TEST_USER_ACTIONS = ['start', 'pause', 'stop', 'apply-winner', 'restore', 'update', 'delete'] as const;
export type AbTestUserAction = (typeof AB_TEST_USER_ACTIONS)[number];

/** What the rotation worker does to a test. */
export const AB_TEST_WORKER_EVENTS = ['begin', 'auto-pause', 'resume', 'complete', 'fail', 'interrupt'] as const;
export type AbTestWorkerEvent = (typeof AB_TEST_WORKER_EVENTS)[number];

export type AbTestAction = AbTestUserAction | AbTestWorkerEvent;

/**
 * From which states each action is allowed, and the state it leads to (null: the state stays, or the row goes).
 * start records the intent (scheduled); the worker begins the rotation (running). A paused test is started again
 * through scheduled as well, so that the worker checks the card before it rotates. stop ends the measurement early:
 * completed, with the verdict of what was measured. restore puts the card's original media back after a completed or
 * failed test; an interrupted test is left as someone else changed the card.
 */
const TRANSITIONS: Record<AbTestAction, { from: readonly AbTestState[]; to: AbTestState | null }> = {
  start: { from: ['draft', 'paused'], to: 'scheduled' },
  pause: { from: ['scheduled', 'running'], to: 'paused' },
  stop: { from: ['scheduled', 'running', 'paused'], to: 'completed' },
  'apply-winner': { from: ['completed'], to: 'applied' },
  restore: { from: ['completed', 'failed'], to: 'restored' },
  update: { from: ['draft'], to: null },
  delete: { from: ['draft', 'completed', 'applied', 'restored', 'failed', 'interrupted'], to: null },
  begin: { from: ['scheduled'], to: 'running' },
  'auto-pause': { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  complete: { from: ['running'], to: 'completed' },
  fail: { from: ['scheduled', 'running', 'paused'], to: 'failed' },
  interrupt: { from: ['running', 'paused'], to: 'interrupted' },
};

export type AbTestTransition = { allowed: true; to: AbTestState } | { allowed: false };

/** The state an action leads to from `state`, or refused; an action that keeps the state leads to the same state. */
export function abTestTransition(state: AbTestState, action: AbTestAction): AbTestTransition {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(state)) return { allowed: false };
  return { allowed: true, to: rule.to ?? state };
}

/** The states an action is allowed from (for the 409's details and the API docs). */
export function statesAllowing(action: AbTestAction): readonly AbTestState[] {
  return TRANSITIONS[action].from;
}
