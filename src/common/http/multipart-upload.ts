import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiPayloadTooLargeResponse, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { ApiErrorBodyDto } from '../errors/api-error-body.dto';
import { AppError } from '../errors/app-error';
import { AcceptsMultipart } from './request-bodies';

/** The part that carries the file, on every upload route. */
export const FILE_PART = 'file';
/** Unknown fields the parser lets through, so that the refusal names the first of them; more is a refusal of the form. */
const EXTRA_FIELDS = 4;
/** A text field of an upload form is an id or a short value. */
const FIELD_MAX_BYTES = 1024;

/** An upload route's form: its text fields, which come before the file, and the file's largest size. */
export interface MultipartUploadSpec<F extends string> {
  fields: readonly F[];
  maxFileBytes: number;
  /** The limit as the 413's message says it ("32 МБ"). */
  maxFileText: string;
}

export interface MultipartUpload<F extends string> {
  fields: Record<F, string>;
  file: Buffer;
  /** The file's name as the client gave it (it may be empty); never a sign of its type. */
  fileName: string;
}

/** What is said of a text field in the API docs. */
export interface MultipartFieldDoc {
  description: string;
  format?: 'uuid';
}

function fieldRefusal(field: string, rule: string, message: string): AppError {
  return AppError.validation([{ field, errors: [rule] }], message);
}

const MALFORMED = new AppError('BAD_REQUEST', 'Некорректное тело multipart/form-data');
const NOT_MULTIPART = new AppError('UNSUPPORTED_MEDIA_TYPE', 'Неподдерживаемый тип тела запроса; ожидается multipart/form-data');

/** The plugin's and the form parser's own errors, in the envelope: over a limit, or a body that is not a valid form. */
function uploadError(error: unknown, spec: MultipartUploadSpec<string>): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', `Файл больше ${spec.maxFileText}`, { details: { maxBytes: spec.maxFileBytes }, cause: error });
  if (code === 'FST_FILES_LIMIT') return fieldRefusal(FILE_PART, 'singleFile', 'Форма должна содержать один файл');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return fieldRefusal('form', 'whitelistValidation', 'Форма содержит лишние поля');
  return new AppError(MALFORMED.code, MALFORMED.message, { cause: error });
}

/**
 * Reads an upload form from the request stream: the text fields `spec.fields` first, each once, then the file in the
 * part `file`, at most `maxFileBytes` (413 PAYLOAD_TOO_LARGE past it, without reading the rest). A missing or repeated
 * field, a field after the file, an unknown part or a missing file is 400 VALIDATION_FAILED. `beforeFile` checks the
 * fields (the account's scope) before the file is read, so that a refused upload does not cost its bytes.
 */
export async function readMultipartUpload<F extends string>(
  request: FastifyRequest,
  spec: MultipartUploadSpec<F>,
  beforeFile: (fields: Record<F, string>) => Promise<void> = async () => undefined,
): Promise<MultipartUpload<F>> {
  if (!request.isMultipart()) throw NOT_MULTIPART;
  const fields: Partial<Record<F, string>> = {};
  const known = new Set<string>(spec.fields);
  try {
    const parts = request.parts({
      limits: { fileSize: spec.maxFileBytes, files: 1, fields: spec.fields.length + EXTRA_FIELDS, fieldSize: FIELD_MAX_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!known.has(part.fieldname))
          throw fieldRefusal(part.fieldname, 'whitelistValidation', `Неизвестное поле формы ${part.fieldname}`);
        if (fields[part.fieldname as F] !== undefined)
          throw fieldRefusal(part.fieldname, 'unique', `Поле формы ${part.fieldname} повторяется`);
        if (part.valueTruncated || typeof part.value !== 'string')
          throw fieldRefusal(part.fieldname, 'maxLength', `Поле формы ${part.fieldname} слишком длинное`);
        fields[part.fieldname as F] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_PART) throw fieldRefusal(part.fieldname, 'whitelistValidation', `Файл ожидается в части ${FILE_PART}`);
      const absent = spec.fields.find((name) => fields[name] === undefined);
      if (absent) throw fieldRefusal(absent, 'beforeFile', `Поле формы ${absent} должно идти перед файлом`);
      await beforeFile(fields as Record<F, string>);
      const file = await part.toBuffer();
      return { fields: fields as Record<F, string>, file, fileName: part.filename };
    }
  } catch (error) {
    throw uploadError(error, spec);
  }
  const absent = spec.fields.find((name) => fields[name] === undefined);
  if (absent) throw fieldRefusal(absent, 'isDefined', `Нет поля формы ${absent}`);
  throw fieldRefusal(FILE_PART, 'isDefined', `Нет файла в части ${FILE_PART}`);
}

/**
 * An upload route: it takes multipart/form-data (and JSON, which it refuses), and the API docs show its form: the text
 * fields, then the file; 413 past the route's limit.
 */
export function MultipartUploadRoute(
  fields: Record<string, MultipartFieldDoc>,
  file: { description: string; maxFileText: string },
): MethodDecorator {
  return applyDecorators(
    AcceptsMultipart(),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      description: `Поля формы (${Object.keys(fields).join(', ')}) идут перед файлом`,
      schema: {
        type: 'object',
        required: [...Object.keys(fields), FILE_PART],
        properties: {
          ...Object.fromEntries(Object.entries(fields).map(([name, doc]) => [name, { type: 'string', ...doc }])),
          [FILE_PART]: { type: 'string', format: 'binary', description: file.description },
        },
      },
    }),
    ApiPayloadTooLargeResponse({ type: ApiErrorBodyDto, description: `PAYLOAD_TOO_LARGE: файл больше ${file.maxFileText}` }),
    ApiUnsupportedMediaTypeResponse({ type: ApiErrorBodyDto, description: 'UNSUPPORTED_MEDIA_TYPE: тело не multipart/form-data' }),
  );
}
