import { describe, expect, it } from 'vitest';

import { CHUNK_MAX, CHUNK_TARGET, chunkText } from './kb-chunker';

const paragraph = (word: string, length: number) =>
  `${word} `
    .repeat(Math.ceil(length / (word.length + 1)))
    .slice(0, length)
    .trim() + '.';

describe('chunkText', () => {
  it('gives each chunk its exact offsets into the body', () => {
    const body = '  Первый абзац.\n\nВторой абзац,\nв две строки.\n\n\n\nТретий.  ';
    const chunks = chunkText(body);
    expect(chunks).toEqual([{ start: 2, end: body.indexOf('Третий.') + 'Третий.'.length, text: body.trim() }]);
    for (const chunk of chunks) expect(body.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  it('answers no chunk for an empty or blank body', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\n \n')).toEqual([]);
  });

  it('gathers short paragraphs up to the target and starts a new chunk past it', () => {
    const paragraphs = Array.from({ length: 6 }, (_, index) => paragraph(`слово${index}`, 300));
    const body = paragraphs.join('\n\n');
    const chunks = chunkText(body);
    expect(chunks.map((chunk) => chunk.text)).toEqual([paragraphs.slice(0, 3).join('\n\n'), paragraphs.slice(3, 6).join('\n\n')]);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeGreaterThanOrEqual(CHUNK_TARGET);
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX);
    }
  });

  it('starts a new chunk at a heading, which stays with the paragraph under it', () => {
    const body = '# Доставка\n\nДоставка по Москве — два дня.\n\n## Возврат\n\nВозврат в течение 14 дней.';
    expect(chunkText(body).map((chunk) => chunk.text)).toEqual([
      '# Доставка\n\nДоставка по Москве — два дня.',
      '## Возврат\n\nВозврат в течение 14 дней.',
    ]);
  });

  it('cuts a paragraph longer than the maximum after a sentence, never past the maximum', () => {
    const sentences = Array.from({ length: 40 }, (_, index) => `Предложение номер ${index} о свойствах товара.`);
    const body = sentences.join(' ');
    const chunks = chunkText(body);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX);
      expect(chunk.text.endsWith('.')).toBe(true);
      expect(body.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(body);
  });

  it('cuts a text without spaces at the maximum', () => {
    const body = 'я'.repeat(CHUNK_MAX * 2 + 10);
    expect(chunkText(body).map(({ start, end }) => [start, end])).toEqual([
      [0, CHUNK_MAX],
      [CHUNK_MAX, CHUNK_MAX * 2],
      [CHUNK_MAX * 2, CHUNK_MAX * 2 + 10],
    ]);
  });
});
