import { fieldError } from '../../ui/field-error';

/** What a marketplace key looks like, as the service checks it: said under the key field, and instead of a bare rule when it fails. */
export const API_KEY_FORMAT = 'Токен из личного кабинета продавца (Настройки → Доступ к API): от 20 символов, без пробелов';

/** The key field's error: a key the service refused names the format it expects. */
export function apiKeyError(error: unknown): string | undefined {
  return fieldError(error, 'apiKey') && `Ключ не подходит. ${API_KEY_FORMAT}`;
}
