import { describe, expect, it } from 'vitest';

import { boundaryOf, formParts } from './multipart';

describe('multipart/form-data', () => {
  it('splits a body into its parts with their names, file names, types and bytes', async () => {
    const form = new FormData();
    form.append('note', 'привет');
    form.append('uploadfile', new Blob([Buffer.from([0, 13, 10, 255])], { type: 'image/png' }), 'a.png');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const boundary = boundaryOf(request.headers.get('content-type') ?? undefined)!;
    const parts = formParts(Buffer.from(await request.arrayBuffer()), boundary)!;
    expect(parts.map(({ name, fileName, contentType }) => ({ name, fileName, contentType }))).toEqual([
      { name: 'note', fileName: null, contentType: null },
      { name: 'uploadfile', fileName: 'a.png', contentType: 'image/png' },
    ]);
    expect(parts[0].data.toString('utf8')).toBe('привет');
    expect([...parts[1].data]).toEqual([0, 13, 10, 255]);
  });

  it('a content type without a boundary, or a body without it, is not multipart', () => {
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="b-1"')).toBe('b-1');
    expect(formParts(Buffer.from('x'), 'b-1')).toBeNull();
  });
});
