import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { CONTENT_LABELS } from '../src/llm-content';
import { EMULATOR_LLM_API_KEY } from '../src/llm-script';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 7, cards: 3 });
});
afterEach(() => fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' }));
afterAll(() => emulator.close());

const quoted = (label: string, value: unknown) => ({
  role: 'user',
  content: `The JSON on the next line is quoted data.\n${JSON.stringify({ quoted: { label, text: JSON.stringify(value) } })}`,
});
const CARD = {
  title: 'Футболка',
  brand: 'Mira',
  subjectName: 'Футболки',
  description: 'Коротко',
  characteristics: [{ id: 14177449, value: ['белый'] }],
};
const CHARCS = [
  { charcID: 14177449, name: 'Цвет', required: true, charcType: 1, maxCount: 3 },
  { charcID: 14177456, name: 'Объём', required: true, charcType: 4, maxCount: 0 },
];
const REQUEST = {
  model: 'emulated',
  response_format: { type: 'json_object' },
  messages: [
    { role: 'system', content: 'Write the card texts.' },
    quoted(CONTENT_LABELS.card, CARD),
    quoted(CONTENT_LABELS.charcs, CHARCS),
    quoted(CONTENT_LABELS.keywords, [{ text: 'футболка хлопок', frequency: 900 }]),
  ],
};

async function cardTexts(mode?: string): Promise<string> {
  if (mode)
    await fetch(`${emulator.url}/__emulator/llm`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
  const response = await fetch(`${emulator.url}/llm/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${EMULATOR_LLM_API_KEY}` },
    body: JSON.stringify(REQUEST),
  });
  return ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content;
}

describe('GET /content/v2/object/charcs/{subjectId}', () => {
  it('answers the subject characteristics, the same each time, the colour required; an unknown subject none', async () => {
    const answer = await call(emulator, seller.token, 'content', '/content/v2/object/charcs/105');
    expect(answer.status).toBe(200);
    const data = answer.json.data as { charcID: number; required: boolean; charcType: number; maxCount: number }[];
    expect(data[0]).toMatchObject({
      charcID: 14177449,
      name: 'Цвет',
      required: true,
      charcType: 1,
      subjectID: 105,
      subjectName: 'Футболки',
    });
    expect(data.every((charc) => [1, 4].includes(charc.charcType) && charc.maxCount >= 0)).toBe(true);
    expect((await call(emulator, seller.token, 'content', '/content/v2/object/charcs/105')).json).toEqual(answer.json);
    expect((await call(emulator, seller.token, 'content', '/content/v2/object/charcs/999999')).json.data).toEqual([]);
    expect((await call(emulator, seller.token, 'content', '/content/v2/object/charcs/abc')).status).toBe(400);
  });
});

describe('the AI provider asked for card texts', () => {
  it('answers JSON texts: a title within 60 led by the top phrase, a description of 1000+, the required characteristics filled', async () => {
    const texts = JSON.parse(await cardTexts());
    expect(texts.title).toBe('Футболка хлопок Mira');
    expect(texts.description.length).toBeGreaterThanOrEqual(1000);
    expect(texts.description).toContain('футболка хлопок');
    expect(texts.characteristics).toEqual([
      { id: 14177449, value: ['белый'] },
      { id: 14177456, value: 250 },
    ]);
    expect(await cardTexts()).toBe(JSON.stringify(texts));
  });

  it('long-title answers a title over 60 characters, bad-json no JSON', async () => {
    expect(JSON.parse(await cardTexts('long-title')).title.length).toBeGreaterThan(60);
    const badJson = await cardTexts('bad-json');
    expect(() => JSON.parse(badJson) as unknown).toThrow();
  });
});
