import { describe, expect, it } from 'vitest';

import { AB_TEST_STATES, AbTestAction, AbTestState, abTestTransition } from './ab-test-states';

/** Every allowed (state, action) pair and the state it leads to; every pair not listed is refused. */
const ALLOWED: [AbTestState, AbTestAction, AbTestState][] = [
  ['draft', 'start', 'scheduled'],
  ['paused', 'start', 'scheduled'],
  ['scheduled', 'pause', 'paused'],
  ['running', 'pause', 'paused'],
  ['scheduled', 'stop', 'completed'],
  ['running', 'stop', 'completed'],
  ['paused', 'stop', 'completed'],
  ['completed', 'apply-winner', 'applied'],
  ['completed', 'restore', 'restored'],
  ['failed', 'restore', 'restored'],
  ['draft', 'update', 'draft'],
  ['draft', 'delete', 'draft'],
  ['completed', 'delete', 'completed'],
  ['applied', 'delete', 'applied'],
  ['restored', 'delete', 'restored'],
  ['failed', 'delete', 'failed'],
  ['interrupted', 'delete', 'interrupted'],
  ['scheduled', 'begin', 'running'],
  ['running', 'auto-pause', 'paused'],
  ['paused', 'resume', 'running'],
  ['running', 'complete', 'completed'],
  ['scheduled', 'fail', 'failed'],
  ['running', 'fail', 'failed'],
  ['paused', 'fail', 'failed'],
  ['running', 'interrupt', 'interrupted'],
  ['paused', 'interrupt', 'interrupted'],
];

const ACTIONS: AbTestAction[] = [
  'start',
  'pause',
  'stop',
  'apply-winner',
  'restore',
  'update',
  'delete',
  'begin',
  'auto-pause',
  'resume',
  'complete',
  'fail',
  'interrupt',
];

describe('the state machine of an A/B test', () => {
  it.each(ALLOWED)('%s --%s--> %s', (state, action, to) => {
    expect(abTestTransition(state, action)).toEqual({ allowed: true, to });
  });

  const refused = AB_TEST_STATES.flatMap((state) =>
    ACTIONS.filter((action) => !ALLOWED.some(([s, a]) => s === state && a === action)).map((action) => [state, action] as const),
  );
  it.each(refused)('%s refuses %s', (state, action) => {
    expect(abTestTransition(state, action)).toEqual({ allowed: false });
  });

  it('an active test (scheduled, running, paused) cannot be deleted or edited', () => {
    for (const state of ['scheduled', 'running', 'paused'] as const) {
      expect(abTestTransition(state, 'delete').allowed).toBe(false);
      expect(abTestTransition(state, 'update').allowed).toBe(false);
    }
  });
});
