import { ApiError } from '../api/api-error';

/** Shown for a rule name the table below does not know yet. */
const UNKNOWN_RULE_TEXT = 'Недопустимое значение';

/**
 * The contract's validation rule names (class-validator's, and the service's own checks) in the words a seller reads
 * next to the field. The API names the rule only, never its bound, so a bound is not repeated here.
 */
export const RULE_TEXT: Record<string, string> = {
  isDefined: 'Заполните поле',
  isNotEmpty: 'Заполните поле',
  isString: 'Заполните поле',
  isEmail: 'Введите адрес электронной почты',
  isLength: 'Недопустимая длина',
  minLength: 'Слишком короткое значение',
  maxLength: 'Слишком длинное значение',
  matches: 'Недопустимые символы',
  noNullCharacter: 'В тексте недопустимый символ',
  isWellFormed: 'В тексте недопустимые символы',
  passwordPolicy: 'Не короче 8 символов и хотя бы два вида: строчные, прописные буквы, цифры, знаки',
  currentPasswordMismatch: 'Текущий пароль указан неверно',
  whitelistValidation: 'Поле не поддерживается',
  isInt: 'Целое число',
  isNumber: 'Число, без лишних знаков после запятой',
  min: 'Слишком маленькое значение',
  max: 'Слишком большое значение',
  notEquals: 'Не может быть равно 0',
  isBoolean: 'Да или нет',
  isIn: 'Выберите значение из списка',
  isUUID: 'Выберите значение из списка',
  isISO8601: 'Неверная дата',
  isArray: 'Нужен список значений',
  isJsonArray: 'Список nmID в квадратных скобках через запятую',
  arrayMinSize: 'Укажите хотя бы одно значение',
  arrayMaxSize: 'Слишком много значений',
  arrayUnique: 'Значения повторяются',
  isObject: 'Недопустимая структура данных',
  maxDepth: 'Недопустимая структура данных',
  isNmId: 'nmID — целое число больше 0',
  matchesConditionMetric: 'Показатель не совпадает с показателем условия',
  notAboveMaxPrice: 'Не больше максимальной цены',
  atLeastOneLimit: 'Укажите дневной лимит или лимит за период',
  requiredWithPeriodLimit: 'Укажите начало периода для лимита за период',
  notAboveMaxBid: 'Не больше максимальной ставки',
  requiredForCpc: 'Укажите целевую цену клика',
  notAboveRatingMax: 'Не больше максимальной оценки',
  knownPlaceholders: 'В шаблоне неизвестная подстановка',
};

/** The text for one field of a VALIDATION_FAILED answer, or undefined when the field is fine. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const rules = error.fieldErrors()[field];
  if (!rules?.length) return undefined;
  return [...new Set(rules.map((rule) => RULE_TEXT[rule] ?? UNKNOWN_RULE_TEXT))].join('; ');
}
