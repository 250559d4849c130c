import { Endpoint, noParams } from './endpoint';
import { object, ShapeOf, str } from './shape';

/** Reference 1: the answer of /ping. */
export const Ping = object({ TS: str, Status: str });
export type Ping = ShapeOf<typeof Ping>;

/** Reference 1: reaches the marketplace with a key; any scope answers it, the service asks the common one. */
export const ping: Endpoint<void, Ping> = {
  scope: 'common',
  label: 'Проверка подключения',
  method: 'GET',
  path: '/ping',
  request: noParams,
  response: Ping,
};
