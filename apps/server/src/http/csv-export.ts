import { Readable } from 'node:stream';
import { CSV_BOM, csvWriter, type TCsvColumn } from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { CsvExportSlots } from './csv-export-slots';

/**
 * CSV export for every list: the list's own URL with `format=csv` answers every row that matches
 * its filters, in its sort, as a CSV file. The rows are read in keyset pages of {@link CSV_BATCH}
 * through the list's own service (so scope, filters and sort are exactly the JSON list's) and
 * written to the reply as they arrive: the response is streamed (chunked), the next page is read
 * only when the client has taken the previous one, and a client that goes away stops the reading.
 *
 * An export shares the process with every other request. On SQLite a page is read synchronously,
 * so pages are small (a few milliseconds each) and the export yields to the event loop between
 * pages: other requests are served in between instead of waiting for the whole file. A user runs at
 * most a few exports at once (csv-export-slots.ts), and closing the server ends running exports.
 *
 * The file itself (byte-order mark, RFC 4180 records, formula guard, rupees, IST, headers in words)
 * is written by the shared CSV writer in `@forecourt/contracts` (format/csv.ts), which the
 * dashboard's report exports use too. See docs/DECISIONS.md ("CSV export").
 */

/**
 * Rows read per page while exporting: small enough that reading and formatting one page blocks
 * the event loop for only a few milliseconds on SQLite (see bench/results/export-stall.md).
 */
export const CSV_BATCH = 250;

/**
 * Exports waiting to read their next page, served one page per event-loop turn whatever their
 * number: requests and I/O that arrived meanwhile run between any two pages, so three exports at
 * once delay a request by one page, not three.
 */
const waitingExports: (() => void)[] = [];
let turnScheduled = false;

function giveNextTurn(): void {
  waitingExports.shift()?.();
  turnScheduled = waitingExports.length > 0;
  if (turnScheduled) setImmediate(giveNextTurn);
}

/** Resolves on a later event-loop turn, after every request and I/O callback waiting now has run. */
function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => {
    waitingExports.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(giveNextTurn);
    }
  });
}

/** A page of a list as the list services answer it. */
export type CsvPage<T> = { results: T[]; nextCursor?: string | undefined };

/** One column: its field name (the header and kind are made from it) and how a row gives it. */
export type CsvColumn<T> = TCsvColumn<T>;

/**
 * True when the request asks for `format=csv`. List query schemas strip unknown keys, so the raw
 * query string is read; `format=json` (or none) is the JSON list, anything else is a 400.
 */
export function wantsCsv(request: FastifyRequest): boolean {
  const at = request.url.indexOf('?');
  if (at < 0) return false;
  const format = new URLSearchParams(request.url.slice(at + 1)).getAll('format');
  if (format.length === 0) return false;
  if (format.length === 1 && (format[0] === 'csv' || format[0] === 'json')) return format[0] === 'csv';
  const message = 'must be csv or json';
  throw new AppError('VALIDATION_FAILED', `Invalid querystring: format ${message}`, [
    { path: 'format', message },
  ]);
}

/** The schema under optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/**
 * Columns for every field of a list's item schema (a zod object), in schema order: a nested object
 * or array is written as JSON in one cell. A field declared as an ISO instant is written in IST
 * whatever its name (`startDate`); `…Paise` fields in rupees. Pass a page schema
 * (`{results: [item]}`) or the item.
 */
export function csvColumnsOf<T>(schema: z.ZodType): CsvColumn<T>[] {
  let item: z.ZodType = schema;
  if (item instanceof z.ZodObject && 'results' in item.shape) {
    const results = item.shape.results;
    if (results instanceof z.ZodArray) item = results.element as z.ZodType;
  }
  if (!(item instanceof z.ZodObject)) throw new Error('csvColumnsOf needs an object schema');
  const shape = item.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([key, field]) => ({
    key,
    ...(unwrapped(field) instanceof z.ZodISODateTime ? { kind: 'instant' as const } : {}),
    value: (row: T) => (row as Record<string, unknown>)[key],
  }));
}

/** Async iterator of the CSV text: the header, then one chunk per page. */
async function* csvChunks<T>(
  columns: readonly CsvColumn<T>[],
  first: CsvPage<T>,
  fetchPage: (cursor: string) => Promise<CsvPage<T>>,
): AsyncGenerator<string> {
  const writer = csvWriter(columns);
  const format = (rows: readonly T[]) => rows.map(writer.row).join('');
  yield CSV_BOM + writer.header;
  let page = first;
  for (;;) {
    if (page.results.length > 0) yield format(page.results);
    if (!page.nextCursor) return;
    await yieldToEventLoop();
    page = await fetchPage(page.nextCursor);
  }
}

/**
 * Streams the list as `<name>-<yyyymmdd>.csv`. `fetchPage(cursor)` reads one page of
 * {@link CSV_BATCH} rows (no cursor: the first page). The first page is read before anything is
 * sent, so a bad filter or window is still an ordinary 4xx; later failures end the stream. The
 * caller's export slot is taken first (429 TOO_MANY_EXPORTS when they have none left) and given
 * back when the stream closes, however it ends.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  options: {
    name: string;
    columns: readonly CsvColumn<T>[];
    fetchPage: (cursor: string | undefined) => Promise<CsvPage<T>>;
    now?: number;
  },
): Promise<FastifyReply> {
  const slots = reply.server.csvExports as CsvExportSlots | undefined;
  const userId = reply.request.caller?.userId;
  const release = slots && userId !== undefined ? slots.acquire(userId) : () => {};
  let first: CsvPage<T>;
  try {
    first = await options.fetchPage(undefined);
  } catch (error) {
    release();
    throw error;
  }
  const day = new Date(options.now ?? Date.now()).toISOString().slice(0, 10).replaceAll('-', '');
  const filename = `${options.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${day}.csv`;
  const body = Readable.from(
    csvChunks(options.columns, first, (cursor) => options.fetchPage(cursor)),
    {
      objectMode: false,
      highWaterMark: 64 * 1024,
    },
  );
  body.once('close', release);
  reply.raw.once('close', () => {
    release();
    if (!body.destroyed) body.destroy();
  });
  slots?.track(body);
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * `fetchPage` for a list paged by number from 0 (not by cursor): pages of {@link CSV_BATCH} rows,
 * the page number standing in for the cursor, until a page comes back short.
 */
export function numberedPages<T>(
  list: (page: number, limit: number) => Promise<{ results: T[] }>,
): (cursor: string | undefined) => Promise<CsvPage<T>> {
  return async (cursor) => {
    const page = cursor === undefined ? 0 : Number(cursor);
    const { results } = await list(page, CSV_BATCH);
    return { results, ...(results.length === CSV_BATCH ? { nextCursor: String(page + 1) } : {}) };
  };
}

/** The paging a list service gets while exporting: from the start, {@link CSV_BATCH} rows a page. */
export type CsvPaging = { page: 0; limit: number; cursor?: string };

/**
 * {@link sendCsv} for a keyset list whose service takes the list query: `list(paging)` is the
 * JSON handler's own call with `{...request.query, ...paging}`, and the columns are every field of
 * the page schema's item ({@link csvColumnsOf}).
 */
export function sendListCsv<T>(
  reply: FastifyReply,
  options: {
    name: string;
    schema: z.ZodType;
    now?: number;
    list: (paging: CsvPaging) => Promise<CsvPage<T>>;
  },
): Promise<FastifyReply> {
  return sendCsv(reply, {
    name: options.name,
    columns: csvColumnsOf<T>(options.schema),
    ...(options.now === undefined ? {} : { now: options.now }),
    fetchPage: (cursor) =>
      options.list(cursor ? { page: 0, limit: CSV_BATCH, cursor } : { page: 0, limit: CSV_BATCH }),
  });
}
