import { describe, expect, it } from 'vitest';

import { ApiError } from '../api/api-error';
import { fieldError, RULE_TEXT } from './field-error';

const refused = (details: { field: string; errors: string[] }[]) =>
  new ApiError(400, { code: 'VALIDATION_FAILED', message: 'Ошибка валидации входных данных', details, traceId: 't' });

describe('fieldError', () => {
  it.each([
    ['isInt', 'Целое число'],
    ['isNmId', 'nmID — целое число больше 0'],
    ['min', 'Слишком маленькое значение'],
    ['max', 'Слишком большое значение'],
    ['matchesConditionMetric', 'Показатель не совпадает с показателем условия'],
    ['atLeastOneLimit', 'Укажите дневной лимит или лимит за период'],
    ['notAboveMaxPrice', 'Не больше максимальной цены'],
    ['isJsonArray', 'Список nmID в квадратных скобках через запятую'],
    ['currentPasswordMismatch', 'Текущий пароль указан неверно'],
  ])('%s under the field reads «%s»', (rule, text) => {
    expect(fieldError(refused([{ field: 'value', errors: [rule] }]), 'value')).toBe(text);
  });

  it('every rule of the table has its own words, none the catch-all', () => {
    expect(Object.values(RULE_TEXT).filter((text) => text === 'Недопустимое значение')).toEqual([]);
  });

  it('joins the rules of one field, each text once, and leaves other fields alone', () => {
    const error = refused([
      { field: 'apiKey', errors: ['isLength', 'matches'] },
      { field: 'name', errors: ['isString', 'isNotEmpty'] },
    ]);
    expect(fieldError(error, 'apiKey')).toBe('Недопустимая длина; Недопустимые символы');
    expect(fieldError(error, 'name')).toBe('Заполните поле');
    expect(fieldError(error, 'isActive')).toBeUndefined();
  });

  it('an unknown rule still marks the field, and an error that is not VALIDATION_FAILED marks none', () => {
    expect(fieldError(refused([{ field: 'x', errors: ['brandNewRule'] }]), 'x')).toBe('Недопустимое значение');
    expect(fieldError(new ApiError(404, { code: 'NOT_FOUND', message: 'Не найдено', details: null, traceId: 't' }), 'x')).toBeUndefined();
    expect(fieldError(new Error('сеть'), 'x')).toBeUndefined();
  });
});
