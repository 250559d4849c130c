import type { LedgerType } from '../../../database/schema';

/**
 * The one table of the realisation report's operation names (sellerOperName, reference 4.1) and the ledger type each
 * becomes. A name not in it becomes `other` and is listed in its report's unmappedOperations.
 */
export const OPERATION_TYPES: Readonly<Record<string, LedgerType>> = {
  Продажа: 'sale',
  'Корректная продажа': 'sale',
  'Коррекция продаж': 'sale',
  'Авансовая оплата за товар без движения': 'sale',
  Возврат: 'return',
  'Корректный возврат': 'return',
  'Сторно продаж': 'return',
  Логистика: 'logistics',
  'Логистика сторно': 'logistics',
  'Коррекция логистики': 'logistics',
  'Возмещение издержек по перевозке/по складским операциям с товаром': 'logistics',
  'Возмещение за выдачу и возврат товаров на ПВЗ': 'logistics',
  Хранение: 'storage',
  'Платная приемка': 'acceptance',
  'Обработка товара': 'acceptance',
  Штраф: 'penalty',
  Штрафы: 'penalty',
  'Штраф МП': 'penalty',
  'Штрафы и доплаты': 'penalty',
  Удержание: 'deduction',
  Удержания: 'deduction',
  'Компенсация ущерба': 'compensation',
  'Компенсация подмененного товара': 'compensation',
  'Частичная компенсация брака': 'compensation',
  'Добровольная компенсация при возврате': 'compensation',
  Доплаты: 'compensation',
  'Компенсация скидки по программе лояльности': 'loyalty',
  'Стоимость участия в программе лояльности': 'loyalty',
  'Сумма удержанная за начисленные баллы программы лояльности': 'loyalty',
  Эквайринг: 'acquiring',
};

/** The operation's ledger type, `other` for a name the table does not know. */
export function operationType(name: string): LedgerType {
  return Object.hasOwn(OPERATION_TYPES, name) ? OPERATION_TYPES[name] : 'other';
}
