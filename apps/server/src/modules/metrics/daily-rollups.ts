import type { Db } from '../../db/database';
import { rebuildCustomerWeeks } from './customer-rollup.writer';
import { rebuildSalesDaily } from './sales-rollup.writer';
import { rebuildSightingsDaily } from './sightings-rollup.writer';

/**
 * After a bulk load (the seed): the daily rollups from the hourly one and from the sightings, and
 * the customer weeks from the fills.
 */
export async function rebuildDailyRollups(db: Db): Promise<void> {
  await rebuildSalesDaily(db);
  await rebuildSightingsDaily(db);
  await rebuildCustomerWeeks(db);
}
