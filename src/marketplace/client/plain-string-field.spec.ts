import { describe, expect, it } from 'vitest';

import { fieldMark, plainStringField } from './plain-string-field';

const read = (text: string) => plainStringField(Buffer.from(text), fieldMark('srid'));

describe('plainStringField', () => {
  it.each([
    ['{"a":1,"srid":"Ab.12-Ёж","b":"x"}', 'Ab.12-Ёж'],
    ['{"srid":""}', ''],
    ['{"srid":"a","b":"\\"srid\\":\\"b"}', 'a'],
    ['{"xsrid":"a","srid":"b"}', 'b'],
    ['{"srid":"a","srid":"b"}', 'b'],
  ])('reads the value of %s', (text, value) => {
    expect(read(text)).toBe(value);
  });

  it.each([
    ['absent', '{"a":"srid"}'],
    ['a number', '{"srid":12}'],
    ['null', '{"srid":null}'],
    ['spaced', '{"srid" : "a"}'],
    ['escaped', '{"srid":"a\\"b"}'],
    ['unclosed', '{"srid":"a'],
  ])('gives up on a field %s', (_, text) => {
    expect(read(text)).toBeNull();
  });
});
