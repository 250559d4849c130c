import { describe, expect, it } from 'vitest';

import { newScenarioLink, scenarioPrefill } from './scenario-link';

describe('newScenarioLink', () => {
  it.each<[Parameters<typeof newScenarioLink>[0], string]>([
    [{ kind: 'feedback', rating: 4 }, '/autoreply/templates?newScenario=feedbacks&rating=4'],
    [{ kind: 'feedback', rating: null }, '/autoreply/templates?newScenario=feedbacks'],
    [{ kind: 'question', rating: null }, '/autoreply/templates?newScenario=questions'],
  ])('%o', (item, link) => {
    expect(newScenarioLink(item)).toBe(link);
  });
});

describe('scenarioPrefill', () => {
  it.each<[string, ReturnType<typeof scenarioPrefill>]>([
    ['?newScenario=feedbacks&rating=4', { kind: 'feedbacks', rating: 4 }],
    ['?newScenario=questions', { kind: 'questions', rating: null }],
    ['?newScenario=questions&rating=3', { kind: 'questions', rating: null }],
    ['?newScenario=both&rating=9', { kind: 'both', rating: null }],
    ['?newScenario=feedbacks&rating=2.5', { kind: 'feedbacks', rating: null }],
    ['?newScenario=orders', null],
    ['', null],
  ])('%s', (search, prefill) => {
    expect(scenarioPrefill(search)).toEqual(prefill);
  });

  it('reads back what the inbox links to', () => {
    expect(scenarioPrefill(newScenarioLink({ kind: 'feedback', rating: 1 }).split('?')[1])).toEqual({ kind: 'feedbacks', rating: 1 });
  });
});
