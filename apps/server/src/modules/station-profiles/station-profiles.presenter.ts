import {
  type TOpeningHours,
  type TStationAmenity,
  type TStationProfileItem,
  ZOpeningHours,
  ZStationAmenity,
  ZStationPhoto,
} from '@forecourt/contracts';
import { z } from 'zod';
import { resolveFileLinks } from '../../lib/file-links';
import { isoTime } from '../../lib/iso-time';
import type { StationProfileRow } from './station-profiles.repository';

const ZStoredAmenities = z.array(z.string());
const ZStoredPhotos = z.array(ZStationPhoto);

/** JSON text of a column, or `fallback` when it does not parse (a profile never fails to show). */
function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A stored profile → its wire shape; `{address}` links of photos and description → the files
 * host (null: as stored, for comparing with an edit).
 */
export function presentStationProfile(row: StationProfileRow, filesHost: string | null): TStationProfileItem {
  const link = (text: string) => (filesHost === null ? text : resolveFileLinks(text, filesHost));
  const amenities = parseJson(row.amenities, ZStoredAmenities, []).filter(
    (a): a is TStationAmenity => ZStationAmenity.safeParse(a).success,
  );
  return {
    id: row.id,
    stationId: row.stationId,
    stationSlug: row.stationSlug,
    stationName: row.stationName,
    displayName: row.displayName,
    description: link(row.description),
    amenities,
    hours: parseJson<TOpeningHours>(row.hours, ZOpeningHours, {}),
    photos: parseJson(row.photos, ZStoredPhotos, []).map((photo) => ({
      ...photo,
      url: link(photo.url),
    })),
    phone: row.phone,
    email: row.email,
    isPublished: row.isPublished === 1,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}
