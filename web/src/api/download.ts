import { unwrap } from './api-error';

/** How long a saved file's object address stays valid: the browser has read the blob well before. */
const RELEASE_AFTER_MS = 10_000;

/** The file name an attachment's Content-Disposition gives (`filename="…"`), or `fallback` when it names none. */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  const name = contentDisposition && /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim();
  return name || fallback;
}

/**
 * Saves a file the service answered under its attachment name. The answer is read through the typed client with
 * `parseAs: 'blob'`, so with the session's token (a plain link would go without it); a refusal throws its ApiError.
 */
export function saveAnswerAsFile(result: { data?: Blob; error?: unknown; response: Response }, fallback: string): void {
  const blob = unwrap(result);
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = attachmentName(result.response.headers.get('content-disposition'), fallback);
  link.click();
  setTimeout(() => URL.revokeObjectURL(address), RELEASE_AFTER_MS);
}
