import { describe, expect, it } from 'vitest';

import { approveBlock, characteristicLines, issuesBySeverity } from './content-text';

const draft = (title: string, issues: Parameters<typeof approveBlock>[0]['issues'] = [], status: 'draft' | 'published' = 'draft') => ({
  status,
  proposed: { title },
  issues,
});

describe('approveBlock', () => {
  it('lets a draft without errors be approved', () => {
    expect(approveBlock(draft('Кружка', [{ field: 'description', message: 'Коротко', severity: 'warning' }]))).toBeNull();
  });

  it('names a title over 60 characters with its length', () => {
    expect(approveBlock(draft('х'.repeat(61)))).toBe('Название длиннее 60 символов (61): сократите его');
  });

  it('names the first error issue', () => {
    expect(approveBlock(draft('Кружка', [{ field: 'title', message: 'Чужой бренд', severity: 'error' }]))).toBe(
      'Исправьте ошибку: Чужой бренд',
    );
  });

  it('names the state of a draft that is no longer a draft', () => {
    expect(approveBlock(draft('Кружка', [], 'published'))).toBe('Одобрить можно только черновик, а этот опубликован');
  });
});

describe('issuesBySeverity', () => {
  it('groups errors first and leaves empty groups out', () => {
    const groups = issuesBySeverity([
      { field: 'title', message: 'a', severity: 'info' },
      { field: 'title', message: 'b', severity: 'error' },
    ]);
    expect(groups.map((group) => group.severity)).toEqual(['error', 'info']);
  });
});

describe('characteristicLines', () => {
  it('reads a list and a number, naming an unnamed one by its id', () => {
    expect(
      characteristicLines([
        { id: 1, name: 'Цвет', value: ['красный', 'синий'] },
        { id: 2, value: 5 },
      ]),
    ).toEqual(['Цвет: красный, синий', '#2: 5']);
  });
});
