import { AppError } from '../../../common/errors/app-error';

/** Cards a request named that the account's catalog does not have (or the user does not see): 404 listing them all. */
export function unknownCards(nmIds: number[]): AppError {
  return new AppError('NOT_FOUND', `Товары не найдены в каталоге кабинета: ${nmIds.slice(0, 20).join(', ')}`, { details: { nmIds } });
}
