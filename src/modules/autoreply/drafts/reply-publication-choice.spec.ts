import { describe, expect, it } from 'vitest';

import { choosePublication, DraftTexts, PublicationChoice } from './reply-publication-choice';

const CLEAN = 'Спасибо за отзыв! Рады, что товар подошёл.';
const CLEAN_TEMPLATE = 'Спасибо, что выбрали нас.';
const LINKED = 'Спасибо! Подробнее на shop.example.com';
const PHONE = 'Звоните: +7 (912) 345-67-89';

const cases: [string, DraftTexts, PublicationChoice][] = [
  [
    'a clean AI text is published',
    { text: CLEAN, source: 'ai', templateText: CLEAN_TEMPLATE },
    { publish: { text: CLEAN, source: 'ai' }, triggers: [] },
  ],
  [
    'a clean template is published',
    { text: CLEAN_TEMPLATE, source: 'template', templateText: CLEAN_TEMPLATE },
    { publish: { text: CLEAN_TEMPLATE, source: 'template' }, triggers: [] },
  ],
  [
    'an AI text with a link gives way to the template',
    { text: LINKED, source: 'ai', templateText: CLEAN_TEMPLATE },
    { publish: { text: CLEAN_TEMPLATE, source: 'template' }, triggers: [{ text: 'ai', rules: ['noLinks'] }] },
  ],
  [
    'an AI text and a template that both fail publish nothing',
    { text: LINKED, source: 'ai', templateText: PHONE },
    {
      publish: null,
      triggers: [
        { text: 'ai', rules: ['noLinks'] },
        { text: 'template', rules: ['noPhones'] },
      ],
    },
  ],
  [
    'a failing template has nothing to fall back on',
    { text: PHONE, source: 'template', templateText: PHONE },
    { publish: null, triggers: [{ text: 'template', rules: ['noPhones'] }] },
  ],
  [
    'a one-letter AI text fails on length',
    { text: 'О', source: 'ai', templateText: CLEAN_TEMPLATE },
    { publish: { text: CLEAN_TEMPLATE, source: 'template' }, triggers: [{ text: 'ai', rules: ['length'] }] },
  ],
];

describe('choosePublication', () => {
  it.each(cases)('%s', (_name, draft, expected) => {
    expect(choosePublication(draft)).toEqual(expected);
  });
});
