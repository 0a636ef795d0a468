import { z } from 'zod';
import { ZStationStatus } from '../enums';
import { ZId } from './scalars';

/** `GET /api/stations/:slug/nearby`: how many stations, within how far (km). */
export const ZNearbyStationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5),
  radiusKm: z.coerce.number().min(1).max(500).default(100),
});
export type TNearbyStationsQuery = z.input<typeof ZNearbyStationsQuery>;

/** A station the caller sees near another, with the great-circle distance in metres. */
export const ZNearbyStation = z.object({
  id: ZId,
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  status: ZStationStatus,
  lat: z.number(),
  lng: z.number(),
  distanceMetres: z.number().int().nonnegative(),
});
export type TNearbyStation = z.infer<typeof ZNearbyStation>;

/** The nearest stations first; at most `limit`, none farther than `radiusKm`. */
export const ZNearbyStations = z.object({
  radiusKm: z.number(),
  results: z.array(ZNearbyStation),
});
export type TNearbyStations = z.infer<typeof ZNearbyStations>;
