import { describe, expect, it } from 'vitest';

import { parseExact, stringifyExact } from './exact-json';

const ids = new Set(['reportId', 'rrdId']);

describe('parseExact reads the integers of the named keys as their exact digits', () => {
  it.each([
    ['2^53 - 1', '9007199254740991'],
    ['2^53', '9007199254740992'],
    ['2^53 + 1 (JSON.parse rounds it)', '9007199254740993'],
    ['far above 2^53', '123456789012345678901234567890'],
    ['negative', '-9007199254740995'],
    ['zero', '0'],
  ])('%s', (_name, digits) => {
    expect(parseExact(`{"reportId":${digits},"rrdId" : ${digits} }`, ids)).toEqual({ reportId: digits, rrdId: digits });
  });

  it('finds the keys at any depth, in arrays and nested objects', () => {
    const text = '[{"rrdId":9007199254740993,"row":{"reportId":18014398509481985,"list":[{"rrdId":1}]}},{"rrdId":2}]';
    expect(parseExact(text, ids)).toEqual([
      { rrdId: '9007199254740993', row: { reportId: '18014398509481985', list: [{ rrdId: '1' }] } },
      { rrdId: '2' },
    ]);
  });

  it('leaves other keys, fractions, exponents, strings and non-numbers as JSON.parse reads them', () => {
    const text = '{"nmId":9007199254740993,"reportId":1.5,"rrdId":1e3,"x":{"reportId":null,"rrdId":"77"},"y":[true]}';
    expect(parseExact(text, ids)).toEqual(JSON.parse(text));
  });

  it('never edits digits inside a string, escaped quotes and backslashes included', () => {
    const text = String.raw`{"a":"\"rrdId\":9007199254740993","b":"\\","rrdId":9007199254740993,"c":"x\\\"reportId\":5"}`;
    expect(parseExact(text, ids)).toEqual({
      a: '"rrdId":9007199254740993',
      b: '\\',
      rrdId: '9007199254740993',
      c: 'x\\"reportId":5',
    });
  });

  it('reads a key written with escapes as JSON.parse does', () => {
    expect(parseExact(String.raw`{"rrd\u0049d":9007199254740993}`, ids)).toEqual({ rrdId: '9007199254740993' });
  });

  it('without keys, or for malformed text, is JSON.parse', () => {
    expect(parseExact('{"rrdId":5}', new Set())).toEqual({ rrdId: 5 });
    expect(() => parseExact('{"rrdId":5', ids)).toThrow(SyntaxError);
    expect(() => parseExact('{"rrdId', ids)).toThrow(SyntaxError);
    expect(() => parseExact('{"rrdId":012}', ids)).toThrow(SyntaxError);
  });

  it('stays linear: a 20 MB answer is read in a few times the time of JSON.parse', () => {
    const row = (n: number) => ({ reportId: 2 ** 60 + n, rrdId: n, title: `Товар "${n}"`, forPay: '12.50', spp: 1.5 });
    const text = JSON.stringify(Array.from({ length: 150_000 }, (_, n) => row(n)));
    let started = performance.now();
    JSON.parse(text);
    const plain = performance.now() - started;
    started = performance.now();
    const rows = parseExact(text, ids) as { rrdId: string }[];
    expect(rows[149_999].rrdId).toBe('149999');
    expect(performance.now() - started).toBeLessThan(plain * 10 + 200);
  });
});

describe('stringifyExact writes digit strings of the named keys as bare integers', () => {
  it('exact digits out, other strings and keys untouched', () => {
    const body = { rrdId: '9007199254740993', dateFrom: '2024-02-05', note: '"rrdId":"1"', nested: [{ reportId: '-12' }], limit: 5 };
    const text = stringifyExact(body, ids);
    expect(text).toBe(
      '{"rrdId":9007199254740993,"dateFrom":"2024-02-05","note":"\\"rrdId\\":\\"1\\"","nested":[{"reportId":-12}],"limit":5}',
    );
    expect(parseExact(text, ids)).toEqual(body);
  });

  it('a value that is not a digit string stays as JSON.stringify writes it', () => {
    const body = { rrdId: 'abc', reportId: 7 };
    expect(stringifyExact(body, ids)).toBe(JSON.stringify(body));
  });
});
