import { describe, expect, it } from 'vitest';

import type { Scenario } from '../../../api/reply-queries';
import { newScenarioValues, scenarioFields, scenarioValues, templateError } from './scenario-form';

const templates = [{ id: 't1' }, { id: 't2' }];

describe('newScenarioValues', () => {
  it('takes the first template, both kinds and any rating without a link', () => {
    expect(newScenarioValues(templates, null)).toEqual({
      kind: 'both',
      templateId: 't1',
      brand: '',
      ratingMin: null,
      ratingMax: null,
      useLlm: false,
    });
  });

  it('takes the kind and the stars of the item the inbox linked from', () => {
    expect(newScenarioValues(templates, { kind: 'feedbacks', rating: 2 })).toMatchObject({
      kind: 'feedbacks',
      ratingMin: '2',
      ratingMax: '2',
    });
    expect(newScenarioValues(templates, { kind: 'questions', rating: null })).toMatchObject({ kind: 'questions', ratingMin: null });
  });

  it('has no template when the account has none', () => {
    expect(newScenarioValues([], null).templateId).toBeNull();
  });
});

describe('scenarioFields', () => {
  it('turns the stars into numbers and an empty brand into no condition', () => {
    expect(scenarioFields({ kind: 'feedbacks', templateId: 't1', brand: '  ', ratingMin: '1', ratingMax: null, useLlm: true })).toEqual({
      kind: 'feedbacks',
      templateId: 't1',
      brand: null,
      ratingMin: 1,
      ratingMax: null,
      useLlm: true,
    });
  });

  it('gives back the fields of a stored scenario unchanged', () => {
    const scenario = { kind: 'both', templateId: 't2', brand: 'Бренд', ratingMin: 4, ratingMax: 5, useLlm: false } as Scenario;
    expect(scenarioFields(scenarioValues(scenario))).toEqual({
      kind: 'both',
      templateId: 't2',
      brand: 'Бренд',
      ratingMin: 4,
      ratingMax: 5,
      useLlm: false,
    });
  });
});

describe('templateError', () => {
  it.each<[string | null, string | null]>([
    ['t2', null],
    [null, 'Выберите шаблон ответа: без него сценарий не подготовит ответ'],
    ['gone', 'Шаблон сценария удалён: выберите другой'],
  ])('%s', (templateId, error) => {
    expect(templateError(templateId, templates)).toBe(error);
  });
});
