import { ApiError } from '../api/api-error';

/** The contract's validation rule names in the words a seller reads next to the field. */
const RULE_TEXT: Record<string, string> = {
  isEmail: 'Введите адрес электронной почты',
  isNotEmpty: 'Заполните поле',
  isString: 'Заполните поле',
  isLength: 'Недопустимая длина',
  minLength: 'Слишком короткое значение',
  maxLength: 'Слишком длинное значение',
  matches: 'Недопустимые символы',
  passwordPolicy: 'Не короче 8 символов и хотя бы два вида: строчные, прописные буквы, цифры, знаки',
  whitelistValidation: 'Поле не поддерживается',
  isInt: 'Нужно целое число',
  min: 'Слишком маленькое значение',
  max: 'Слишком большое значение',
};

/** The text for one field of a VALIDATION_FAILED answer, or undefined when the field is fine. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const rules = error.fieldErrors()[field];
  if (!rules?.length) return undefined;
  return rules.map((rule) => RULE_TEXT[rule] ?? 'Недопустимое значение').join('; ');
}
