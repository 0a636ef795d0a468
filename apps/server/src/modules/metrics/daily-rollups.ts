import type { Db } from '../../db/database';
import { rebuildCustomerWeeks } from './customer-rollup.repository';
import { rebuildSalesDaily } from './sales-rollup.repository';
import { rebuildSightingsDaily } from './sightings-rollup.repository';

/**
 * After a bulk load (the seed): the daily rollups from the hourly one and from the sightings, and
 * the customer weeks from the fills.
 */
export async function rebuildDailyRollups(db: Db): Promise<void> {
  await rebuildSalesDaily(db);
  await rebuildSightingsDaily(db);
  await rebuildCustomerWeeks(db);
}
