import { describe, expect, it } from 'vitest';

import { foundText } from './found-text';

describe('foundText', () => {
  it.each([
    [3, 'крем', 'Найдено: 3'],
    [0, 'крем', 'Ничего не найдено по запросу «крем»'],
    [0, '', 'Найдено: 0'],
    [12, '', 'Найдено: 12'],
  ])('%i rows for «%s»: %s', (total, query, text) => {
    expect(foundText(total, query)).toBe(text);
  });
});
