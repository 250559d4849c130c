import { kopecksAsRoubles } from '@shared/money';

/** Kopeck amounts in a text of the service («1250 коп.», «100–5050 коп.») in roubles, as the rest of the screen shows bids. */
export function reasonInRoubles(reason: string): string {
  return reason.replace(/(\d+)(?:–(\d+))? коп\./g, (_match, from: string, to: string | undefined) =>
    to === undefined ? kopecksAsRoubles(Number(from)) : `${kopecksAsRoubles(Number(from))} – ${kopecksAsRoubles(Number(to))}`,
  );
}
