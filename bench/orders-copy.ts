import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

import type { Connection, PoolClient, Submittable } from 'pg';

import type { CatalogShape } from '../emulator/src/generator/catalog';
import { orderAt, orderCount, orderRow, OrderStream } from '../emulator/src/generator/orders';
import { MOSCOW_ZONE } from '../emulator/src/moscow-time';

/** Rows generated per write to the file. */
const ROWS_PER_CHUNK = 1000;
/** The socket is let drain when this much of the COPY waits in its buffer. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;

/** The columns of mp_orders a COPY fills (imported_at and updated_at take their defaults). */
const COLUMNS = [
  'mp_account_id',
  'date',
  'last_change_date',
  'warehouse_name',
  'warehouse_type',
  'country_name',
  'oblast_okrug_name',
  'region_name',
  'supplier_article',
  'nm_id',
  'barcode',
  'category',
  'subject',
  'brand',
  'tech_size',
  'income_id',
  'is_supply',
  'is_realization',
  'total_price',
  'discount_percent',
  'spp',
  'finished_price',
  'price_with_disc',
  'sticker',
  'g_number',
  'srid',
  'is_cancel',
  'cancel_date',
];

/** COPY text format: backslash, tab and line breaks escaped. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!);
}

/** The emulator's order n as one COPY line of mp_orders: its Moscow times with the zone made explicit. */
function orderLine(accountId: string, catalog: CatalogShape, stream: OrderStream, n: number): string {
  const row = orderRow(catalog, orderAt(stream, catalog, n));
  const moment = (local: string) => `${local}${MOSCOW_ZONE}`;
  return [
    accountId,
    moment(row.date),
    moment(row.lastChangeDate),
    row.warehouseName,
    row.warehouseType,
    row.countryName,
    row.oblastOkrugName,
    row.regionName,
    row.supplierArticle,
    row.nmId,
    row.barcode,
    row.category,
    row.subject,
    row.brand,
    row.techSize,
    row.incomeID,
    row.isSupply,
    row.isRealization,
    row.totalPrice,
    row.discountPercent,
    row.spp,
    row.finishedPrice,
    row.priceWithDisc,
    row.sticker,
    row.gNumber,
    row.srid,
    row.isCancel,
    row.isCancel ? moment(row.cancelDate) : null,
  ]
    .map(field)
    .join('\t');
}

/** The copy messages of pg's connection, which its type declarations leave out. */
interface CopyConnection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableLength: number };
}

/**
 * `COPY ... FROM STDIN` through the pg client's query hooks (the protocol pg-copy-streams speaks), fed chunk by chunk
 * with the socket let drain, so a million rows are never held at once.
 */
class CopyIn implements Submittable {
  readonly text: string;
  readonly done: Promise<number>;
  private copied = 0;
  private failure: unknown = null;
  private settle!: { resolve: (rows: number) => void; reject: (error: unknown) => void };

  constructor(
    table: string,
    columns: string[],
    private readonly chunks: AsyncIterable<Buffer>,
  ) {
    this.text = `COPY ${table} (${columns.join(', ')}) FROM STDIN`;
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Connection): void {
    void this.send(connection as unknown as CopyConnection);
  }

  handleCommandComplete(message: { text: string }): void {
    this.copied = Number(message.text.split(' ')[1]);
  }

  handleError(error: unknown): void {
    this.failure = error;
  }

  handleReadyForQuery(): void {
    if (this.failure) this.settle.reject(this.failure);
    else this.settle.resolve(this.copied);
  }

  private async send(connection: CopyConnection): Promise<void> {
    try {
      for await (const chunk of this.chunks) {
        connection.sendCopyFromChunk(chunk);
        if (connection.stream.writableLength > HIGH_WATER_BYTES) await once(connection.stream, 'drain');
      }
      connection.endCopyFrom();
    } catch (error) {
      connection.sendCopyFail(String(error));
    }
  }
}

export interface CopyMeasure {
  rows: number;
  ms: number;
  rowsPerSecond: number;
}

/** The COPY text of every order of the stream, written to a file a chunk of rows at a time. */
async function writeOrderLines(file: string, accountId: string, catalog: CatalogShape, stream: OrderStream): Promise<void> {
  const out = createWriteStream(file);
  const total = orderCount(stream);
  for (let start = 0; start < total; start += ROWS_PER_CHUNK) {
    const lines: string[] = [];
    for (let n = start; n < Math.min(total, start + ROWS_PER_CHUNK); n += 1) lines.push(orderLine(accountId, catalog, stream, n));
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

/**
 * The baseline of the digitization benchmark: every order of an emulator seller's stream (the rows its orders feed
 * answers) written into mp_orders for `accountId` by one raw COPY. The rows are generated into a file first, so the
 * time is the COPY's alone, from the statement to its end.
 */
export async function copyOrders(client: PoolClient, accountId: string, catalog: CatalogShape, stream: OrderStream): Promise<CopyMeasure> {
  const file = join(tmpdir(), `mp-orders-${accountId}.copy`);
  try {
    await writeOrderLines(file, accountId, catalog, stream);
    const copy = new CopyIn('mp_orders', COLUMNS, createReadStream(file, { highWaterMark: 256 * 1024 }));
    const startedAt = performance.now();
    client.query(copy);
    const rows = await copy.done;
    const ms = Math.round(performance.now() - startedAt);
    return { rows, ms, rowsPerSecond: Math.round((rows / ms) * 1000) };
  } finally {
    await rm(file, { force: true });
  }
}
