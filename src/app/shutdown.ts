import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';

import { loggableError } from '../common/errors/error-log';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from './logging.module';

/**
 * SIGTERM/SIGINT: stop accepting requests, let running requests and each worker's active job finish,
 * close pools, exit 0. If that takes longer than SHUTDOWN_TIMEOUT_MS, exit 1; unfinished jobs are
 * picked up again by BullMQ's stalled-job recovery.
 */
export function runUntilSignal(app: INestApplication, config: AppConfig): void {
  const log = app.get<Logger>(ROOT_LOGGER);
  const exit = (code: number) => {
    log.flush();
    process.exit(code);
  };
  log.info({ port: config.role === 'worker' ? undefined : config.http.port }, 'started');
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out');
      exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => {
        log.info('stopped');
        exit(0);
      },
      (error: Error) => {
        log.error({ err: loggableError(error) }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
