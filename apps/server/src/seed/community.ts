import { STATION_AMENITIES, type TOpeningHours, type TStationAmenity, WEEKDAYS } from '@forecourt/contracts';
import type { SeedContext, StationModel } from './context';
import { DEMO_ACCOUNTS, MEMBER_STATION_INDEXES } from './demo-accounts';
import { mobile, personName, review, reviewReply } from './names';
import { DAY, HOUR } from './time';

/**
 * The public face of stations: profiles (amenities, opening hours and photos as JSON text),
 * customer reviews (ratings skewed to 3–5, many answered by the station) and the station access
 * requests of the demo member user.
 */
/** Where the (placeholder) station photos would be served from. */
const PHOTO_HOST = 'https://files.forecourt.example';

export function writeProfiles(ctx: SeedContext): void {
  for (const s of ctx.stations) {
    const rng = ctx.rng.fork('profile', s.id);
    const amenities = new Set<TStationAmenity>(['air', 'water', 'restroom']);
    for (const a of STATION_AMENITIES) if (rng.chance(0.35)) amenities.add(a);
    if (s.kind === 'highway') amenities.add('parking').add('food');
    if (s.sells.has('ev')) amenities.add('ev_charging');
    else amenities.delete('ev_charging');
    // Highway and depot sites never close; city sites often do, late at night.
    const allDay = s.kind !== 'urban' || rng.chance(0.6);
    const hours: TOpeningHours = Object.fromEntries(
      WEEKDAYS.map((d) => [
        d,
        [
          allDay
            ? { open: '00:00', close: '24:00' }
            : { open: d === 'sun' ? '07:00' : '06:00', close: '23:00' },
        ],
      ]),
    );
    const photos = ['forecourt', 'canopy', 'store'].slice(0, rng.int(1, 3)).map((what) => ({
      url: `${PHOTO_HOST}/stations/${s.slug}/${what}.jpg`,
      caption: `${s.name} — ${what}`,
    }));
    const created = ctx.firstDay - rng.int(30, 300) * DAY;
    ctx.sinks.station_profiles.push([
      ctx.ids.next('station_profiles'),
      s.org.id,
      s.id,
      s.name,
      `${s.brand === 'Captive' ? 'Captive depot outlet' : `${s.brand} outlet`} at ${s.locality}, ${s.place.name}${s.place.highway ? ` on ${s.place.highway}` : ''}. ` +
        `Sells ${s.fuels.join(', ')}; ${s.dispensers.length} dispensers on ${s.lanes} lanes.`,
      JSON.stringify([...amenities].sort()),
      JSON.stringify(hours),
      JSON.stringify(photos),
      mobile(rng),
      `${s.code.toLowerCase()}@${s.org.plan.domain}`,
      rng.chance(0.85) ? 1 : 0,
      created,
      ctx.now - rng.int(1, 30) * DAY,
    ]);
  }
}

export function writeReviews(ctx: SeedContext): void {
  for (const s of ctx.stations) {
    if (s.kind === 'captive') continue;
    const rng = ctx.rng.fork('reviews', s.id);
    const count = rng.int(
      0,
      Math.round(ctx.scale.reviewsPerStation * Math.min(1.5, s.volume / ctx.scale.fillsPerStationDay)),
    );
    for (let i = 0; i < count; i++) {
      const rating = rng.weighted([1, 2, 3, 4, 5], [4, 6, 17, 38, 35]);
      const created = ctx.now - rng.int(1, 365 * 24) * HOUR;
      const { title, body } = review(rng, rating);
      const replied = rng.chance(rating <= 2 ? 0.75 : 0.4) ? created + rng.int(2, 120) * HOUR : null;
      const repliedAt = replied !== null && replied < ctx.now ? replied : null;
      ctx.sinks.station_reviews.push([
        ctx.ids.next('station_reviews'),
        s.org.id,
        s.id,
        personName(rng),
        rating,
        title,
        body,
        repliedAt ? reviewReply(rng) : null,
        repliedAt,
        created,
        repliedAt ?? created,
      ]);
    }
  }
}

/** The member account asks for stations: some approved (its current ones), some pending, one rejected. */
export function writeAccessRequests(ctx: SeedContext): void {
  const member = DEMO_ACCOUNTS.find((a) => a.role === 'member');
  const org = ctx.orgs.find((o) => o.plan.slug === member?.organization);
  const user = org?.staff.find((u) => u.email === member?.email);
  if (!org || !user) return;
  const rng = ctx.rng.fork('access-requests');
  const admin = org.staff[0]!;
  const granted = MEMBER_STATION_INDEXES.map((i) => org.stations[i]).filter((s): s is StationModel => !!s);
  const others = org.stations.filter((s) => !granted.includes(s));
  const add = (station: StationModel, status: string, at: number, reason: string | null = null) => {
    const decided = status === 'pending' ? null : Math.min(ctx.now - HOUR, at + rng.int(2, 48) * HOUR);
    ctx.sinks.station_access_requests.push([
      ctx.ids.next('station_access_requests'),
      org.id,
      station.id,
      user.id,
      rng.pick([
        'Covering the evening shift audits here.',
        'Need sales reports for this outlet.',
        'Area manager for this cluster.',
      ]),
      status,
      reason,
      decided,
      decided === null ? null : admin.id,
      at,
      decided ?? at,
    ]);
  };
  for (const station of granted.slice(0, 3)) add(station, 'approved', ctx.firstDay - rng.int(5, 60) * DAY);
  for (const station of others.slice(0, 2)) add(station, 'pending', ctx.now - rng.int(2, 96) * HOUR);
  const rejected = others[2];
  if (rejected)
    add(rejected, 'rejected', ctx.now - rng.int(5, 20) * DAY, 'Access is limited to your assigned cluster.');
}
