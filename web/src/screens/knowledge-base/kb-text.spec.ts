import { describe, expect, it } from 'vitest';

import { parseNmIds, scoreText, sourceText } from './kb-text';

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

  it('shows a score with two decimals', () => {
    expect(scoreText(0.5)).toBe('0,50');
  });
});
