/** Reference 11.4: the statuses of an FBW supply in the seller's words, by the marketplace's status id. */
export const SUPPLY_STATUS_NAMES = {
  1: 'Не запланировано',
  2: 'Запланировано',
  3: 'Отгрузка разрешена',
  4: 'Идёт приёмка',
  5: 'Принято',
  6: 'Выгружено на воротах',
} as const;

export type SupplyStatus = keyof typeof SUPPLY_STATUS_NAMES;
