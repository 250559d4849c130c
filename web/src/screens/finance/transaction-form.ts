import { kopecksOfRoubles, roublesInput } from '@shared/money';

import type { components } from '../../api/schema';
import { nmIdOf } from '../../ui/nm-id';
import type { LedgerType } from './finance-text';

export type Transaction = components['schemas']['LedgerTransactionDto'];
/** The fields of a manual operation the form saves; the account goes with a new one only. */
export type TransactionFields = Omit<components['schemas']['LedgerCreateDto'], 'mpAccountId'>;

/** What the form's inputs hold: the day as YYYY-MM-DD, the amount and the nmID as typed. */
export interface TransactionFormValues {
  date: string;
  amount: string;
  type: LedgerType;
  nmId: string;
  comment: string;
}

const MINUS = /^[-\u2212]/;

/** A signed amount typed in roubles («−1 250,50», «300»): kopecks, or null when the text is no such amount. */
export function signedKopecksOf(typed: string): number | null {
  const text = typed.trim();
  const kopecks = kopecksOfRoubles(text.replace(MINUS, ''));
  return kopecks === null ? null : MINUS.test(text) ? -kopecks : kopecks;
}

/** Signed roubles with kopecks as the form shows them for editing: «-1250,50», «300». */
export function signedRoublesInput(roubles: number): string {
  const kopecks = Math.round(roubles * 100);
  return `${kopecks < 0 ? '-' : ''}${roublesInput(Math.abs(kopecks))}`;
}

export const newTransactionValues = (today: string): TransactionFormValues => ({
  date: today,
  amount: '',
  type: 'other',
  nmId: '',
  comment: '',
});

export const transactionValuesOf = (transaction: Transaction): TransactionFormValues => ({
  date: transaction.date,
  amount: signedRoublesInput(transaction.amount),
  type: transaction.type,
  nmId: transaction.nmId === null ? '' : String(transaction.nmId),
  comment: transaction.comment,
});

/** The operation the form saves: the amount read through kopecks (NaN when it is none, refused before sending), an empty nmID is none. */
export function transactionFieldsOf(values: TransactionFormValues): TransactionFields {
  const kopecks = signedKopecksOf(values.amount);
  return {
    date: values.date,
    amount: kopecks === null ? Number.NaN : kopecks / 100,
    type: values.type,
    nmId: values.nmId.trim() === '' ? null : (nmIdOf(values.nmId) ?? Number.NaN),
    comment: values.comment.trim(),
  };
}

export type TransactionFormErrors = Partial<Record<'date' | 'amount' | 'nmId', string>>;

/** What the form refuses before sending (the ledger's bounds): a day, an amount to the kopeck, an nmID if any. */
export function transactionFormErrors(values: TransactionFormValues): TransactionFormErrors {
  const errors: TransactionFormErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Укажите день';
  if (signedKopecksOf(values.amount) === null) errors.amount = 'Сумма — рубли с копейками (до 2 знаков), расход со знаком минус';
  if (values.nmId.trim() !== '' && nmIdOf(values.nmId) === null) errors.nmId = 'nmID — целое положительное число';
  return errors;
}
