import pino, { DestinationStream, Logger } from 'pino';

export interface RequestLogFields {
  reqId: string;
  method: string;
  route: string;
  /** Only for unmatched paths, without the query string. */
  url: string | undefined;
  status: number;
  durationMs: number;
}

/** The logger's own parts of a line: level prefix, time, bindings, line end and destination. */
interface PinoInternals {
  [pino.symbols.lsCacheSym]: Record<number, string>;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.endSym]: string;
  [pino.symbols.streamSym]: DestinationStream;
}

/**
 * The one line per request, exactly as `logger.info(fields, 'request')` writes it (same keys, order and format), built
 * as one string and written to the logger's destination. Its fields are safe (no headers, query or body), so it needs
 * no redaction, and pino's generic path (argument parsing, key loop, per-value stringifiers) was most of its cost.
 */
export function requestLogLine(logger: Logger): (fields: RequestLogFields) => void {
  const internals = logger as unknown as PinoInternals;
  const level = logger.levels.values.info;
  const prefix = internals[pino.symbols.lsCacheSym][level];
  const time = internals[pino.symbols.timeSym];
  const bindings = internals[pino.symbols.chindingsSym];
  const end = internals[pino.symbols.endSym];
  const destination = internals[pino.symbols.streamSym];
  return ({ reqId, method, route, url, status, durationMs }) => {
    if (logger.levelVal > level) return;
    const urlField = url === undefined ? '' : `,"url":${JSON.stringify(url)}`;
    destination.write(
      `${prefix}${time()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)}${urlField},"status":${status},"durationMs":${durationMs},"msg":"request"${end}`,
    );
  };
}
