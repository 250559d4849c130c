import { randomBytes } from 'node:crypto';

/** A multipart/form-data body as a test writes it: its text fields and its file part, in the order given. */
export interface MultipartForm {
  parts: MultipartPart[];
}

export type MultipartPart =
  { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; bytes: Buffer; filename?: string; contentType?: string };

export const field = (name: string, value: string): MultipartPart => ({ kind: 'field', name, value });
export const filePart = (
  bytes: Buffer,
  filename = 'image.jpg',
  contentType = 'application/octet-stream',
  name = 'file',
): MultipartPart => ({
  kind: 'file',
  name,
  bytes,
  filename,
  contentType,
});

/** The form's bytes and its Content-Type with a fresh boundary. */
export function encodeForm(form: MultipartForm): { payload: Buffer; contentType: string } {
  const boundary = `----form-${randomBytes(12).toString('hex')}`;
  const chunks = form.parts.flatMap((part) => {
    const disposition =
      part.kind === 'field'
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    const body = part.kind === 'field' ? Buffer.from(part.value) : part.bytes;
    return [Buffer.from(`--${boundary}\r\n${disposition}`), body, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
