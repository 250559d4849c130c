import { describe, expect, it } from 'vitest';

import { documentStateText, parseNmIds, scoreText, sizeText, sourceText } from './kb-text';

describe('parseNmIds', () => {
  it('reads nmIDs separated by commas and spaces, once each', () => {
    expect(parseNmIds('101, 202 101')).toEqual([101, 202]);
  });

  it('reads nothing typed as no cards', () => {
    expect(parseNmIds('  ')).toEqual([]);
  });

  it('refuses a word that is not an nmID', () => {
    expect(parseNmIds('101, кружка')).toBeNull();
  });
});

describe('texts', () => {
  it('names the source with its version', () => {
    expect(sourceText({ sourceType: 'article', title: 'Уход', version: 2 })).toBe('Статья «Уход», версия 2');
  });

  it('names a document by its file alone', () => {
    expect(sourceText({ sourceType: 'document', title: 'уход.md', version: 1 })).toBe('Документ «уход.md»');
  });

  it('shows a score with two decimals', () => {
    expect(scoreText(0.5)).toBe('0,50');
  });
});

describe('documentStateText', () => {
  it('counts the fragments of an indexed document', () => {
    expect(documentStateText({ status: 'indexed', chunksCount: 3, failureReason: null })).toBe('проиндексирован (3 фрагмента)');
  });

  it('gives the reason a document was not read', () => {
    expect(documentStateText({ status: 'failed', chunksCount: 0, failureReason: 'PDF защищён паролем' })).toBe(
      'ошибка: PDF защищён паролем',
    );
  });

  it('says a document without text has none', () => {
    expect(documentStateText({ status: 'skipped', chunksCount: 0, failureReason: 'Нет текста' })).toBe('нет текста');
  });
});

describe('sizeText', () => {
  it('shows a small file in КБ, at least one', () => {
    expect(sizeText(100)).toBe('1 КБ');
  });

  it('shows a file from a megabyte in МБ', () => {
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1,5 МБ');
  });
});
