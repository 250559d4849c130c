import { fileTypeFromBuffer } from 'file-type';

import { AppError } from '../../../common/errors/app-error';

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TEXT = 'text/plain';
export const MARKDOWN = 'text/markdown';

/** The types of document the knowledge base takes, as found from the file's content. */
export type KbDocumentMime = typeof PDF | typeof DOCX | typeof XLSX | typeof TEXT | typeof MARKDOWN;

const BINARY_TYPES: readonly string[] = [PDF, DOCX, XLSX];

const NOT_A_DOCUMENT = AppError.validation(
  [{ field: 'file', errors: ['documentType'] }],
  'Файл не является документом PDF, DOCX, XLSX или текстом в UTF-8 (TXT, MD)',
);

/** Text in UTF-8 (a byte order mark allowed) without NUL bytes: a program or an image is neither. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The document's type from its content, never its name: PDF, DOCX or XLSX by their signature, else text in UTF-8,
 * Markdown when the name ends .md; another ZIP, a program or an image is 400 VALIDATION_FAILED.
 */
export async function documentType(bytes: Buffer, fileName: string): Promise<KbDocumentMime> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && BINARY_TYPES.includes(found.mime)) return found.mime as KbDocumentMime;
  // Text that merely starts like another format (an XML note) is still text; a ZIP or a program is not.
  if (!isText(bytes)) throw NOT_A_DOCUMENT;
  return /\.md$/i.test(fileName) ? MARKDOWN : TEXT;
}
