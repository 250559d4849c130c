import { roublesToKopeck } from '@shared/format';

import type { BookingWarehouse } from './booking-queries';

type Tariffs = NonNullable<BookingWarehouse['tariffs']>;

/** «46 ₽ + 14 ₽/л», or the first litre alone when no further-litre rate is given. */
function perLitre(base: number, liter: number | null): string {
  return liter === null ? roublesToKopeck(base) : `${roublesToKopeck(base)} + ${roublesToKopeck(liter)}/л`;
}

/**
 * A warehouse's rates for the box type shown, one line each: boxes (and supersafe, whose rates they equal) or
 * mono-pallets; a rate the marketplace did not give is left out.
 */
export function tariffLines(tariffs: Tariffs | null, boxTypeId: number): string[] {
  if (!tariffs) return [];
  const lines: string[] = [];
  if (boxTypeId === 5) {
    if (tariffs.palletDeliveryBase !== null)
      lines.push(`Логистика паллеты: ${perLitre(tariffs.palletDeliveryBase, tariffs.palletDeliveryLiter)}`);
    if (tariffs.palletStorage !== null) lines.push(`Хранение паллеты: ${roublesToKopeck(tariffs.palletStorage)} в день`);
    return lines;
  }
  if (tariffs.boxDeliveryBase !== null) lines.push(`Логистика короба: ${perLitre(tariffs.boxDeliveryBase, tariffs.boxDeliveryLiter)}`);
  if (tariffs.boxStorageBase !== null) lines.push(`Хранение: ${perLitre(tariffs.boxStorageBase, tariffs.boxStorageLiter)} в день`);
  return lines;
}
