import { Writable } from 'node:stream';

import type { Logger } from 'pino';

import { createRootLogger } from '../../src/app/root-logger';
import { loadConfig } from '../../src/config/app-config';

/** The service's root logger at trace level, its lines kept in memory: pass rootLogger to startTestApp, scan lines. */
export function captureLogs(): { lines: string[]; rootLogger: Logger } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, rootLogger: createRootLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }), sink) };
}
