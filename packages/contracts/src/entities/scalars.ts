import { z } from 'zod';
import { zMulti } from '../list';

/**
 * Scalar wire types shared by the entity schemas. Conventions (see the DB schema for the storage side):
 * instants are ISO 8601 strings, calendar dates `YYYY-MM-DD` (IST), money integer paise in `…Paise`
 * fields, dispensed amounts a `quantity` in the fuel's unit (`FUEL_UNITS`).
 */

/** A row id. */
export const ZId = z.number().int().positive();

/** An instant: ISO 8601 date-time with `Z` or an offset, as `Date.prototype.toISOString` writes it. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A calendar date, `YYYY-MM-DD`, in IST. */
export const ZIsoDate = z.iso.date();

/** Money in integer paise (₹1 = 100 paise); negative for refunds and reversals. */
export const ZPaise = z.number().int();

/** A dispensed amount in the unit of its fuel: litres, kilograms (CNG) or kWh (EV). */
export const ZQuantity = z.number().nonnegative();

/** One or more row ids in a query string: `?station=3&station=7` or `?station=3,7`. */
export const ZIdFilter = zMulti(z.coerce.number().int().positive());

/** A free-text search box in a query string. */
export const ZSearchText = z.string().trim().min(1).max(100);
