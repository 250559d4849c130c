import { RedisConnection } from 'bullmq';

/**
 * BullMQ removes every listener of a connection when it closes, and an initialisation still in flight
 * then emits 'error' on it; with no listener that throws and surfaces as an unhandled rejection
 * (a queue or worker closed within milliseconds of its creation, or while Redis is away).
 * An error nobody listens to any more is dropped instead.
 */
export class QuietRedisConnection extends RedisConnection {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) return false;
    return super.emit(event, ...args);
  }
}
