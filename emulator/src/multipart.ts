/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  data: Buffer;
}

/** The boundary of a multipart/form-data content type, or null when it has none. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : null;
}

/** The parts of a multipart/form-data body, or null when the body is not one with this boundary. */
export function formParts(body: Buffer, boundary: string): FormPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.toString('ascii', at, at + 2) === '--') return parts;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
    if (headersEnd < 0 || next < 0) return null;
    const headers = body.toString('utf8', at, headersEnd);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null,
      data: body.subarray(headersEnd + 4, next),
    });
    at = next + 2;
  }
}
