import { describe, expect, it } from 'vitest';

import { attachmentName } from './download';

describe('the name of a downloaded file', () => {
  it.each([
    ['attachment; filename="rnp-2026-12-01-2026-12-07.csv"', 'rnp-2026-12-01-2026-12-07.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="plan.csv"; size=10', 'plan.csv'],
    ['attachment', 'файл.csv'],
    ['attachment; filename=""', 'файл.csv'],
    [null, 'файл.csv'],
  ])('%s → %s', (header, name) => {
    expect(attachmentName(header, 'файл.csv')).toBe(name);
  });
});
