import { describe, expect, it } from 'vitest';
import {
  ZOpeningHours,
  ZStationPhoto,
  ZStationProfile,
  ZStationProfileList,
  ZStationProfileListQuery,
  ZStationProfileUpdate,
} from './station-profile';

const profile = {
  id: 1,
  stationId: 7,
  displayName: 'IndianOil – Andheri East',
  description: 'Open all night on the Western Express Highway.',
  amenities: ['air', 'restroom', 'ev_charging'],
  hours: {
    mon: [{ open: '00:00', close: '24:00' }],
    sun: [
      { open: '06:00', close: '13:00' },
      { open: '16:00', close: '22:00' },
    ],
  },
  photos: [{ url: 'https://cdn.example.in/stations/7/front.jpg', caption: 'Forecourt' }],
  phone: '+912226831234',
  email: null,
  isPublished: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
};

describe('ZStationProfile', () => {
  it('parses the wire shape', () => {
    expect(ZStationProfile.parse(profile)).toEqual(profile);
  });

  it('rejects unknown amenities and non-web or overlong photo URLs', () => {
    expect(ZStationProfile.safeParse({ ...profile, amenities: ['helipad'] }).success).toBe(false);
    expect(ZStationProfile.safeParse({ ...profile, photos: [{ url: 'ftp://x.in/a.jpg' }] }).success).toBe(
      false,
    );
    const longUrl = `https://cdn.example.in/${'a'.repeat(2000)}`;
    expect(ZStationProfile.safeParse({ ...profile, photos: [{ url: longUrl }] }).success).toBe(false);
  });

  it('wraps a page', () => {
    const item = { ...profile, stationSlug: 'andheri-east', stationName: 'Andheri East' };
    expect(ZStationProfileList.safeParse({ count: 1, pages: 1, results: [item] }).success).toBe(true);
    // Rows carry their station.
    expect(ZStationProfileList.safeParse({ count: 1, pages: 1, results: [profile] }).success).toBe(false);
  });
});

describe('ZOpeningHours', () => {
  it('accepts closed days, all-day periods and split days', () => {
    expect(ZOpeningHours.safeParse({}).success).toBe(true);
    expect(ZOpeningHours.safeParse({ tue: [] }).success).toBe(true);
    expect(ZOpeningHours.safeParse({ wed: [{ open: '00:00', close: '24:00' }] }).success).toBe(true);
  });

  it('rejects malformed clocks, reversed periods and unknown days', () => {
    expect(ZOpeningHours.safeParse({ mon: [{ open: '6:00', close: '22:00' }] }).success).toBe(false);
    expect(ZOpeningHours.safeParse({ mon: [{ open: '24:00', close: '24:00' }] }).success).toBe(false);
    expect(ZOpeningHours.safeParse({ mon: [{ open: '22:00', close: '06:00' }] }).success).toBe(false);
    expect(ZOpeningHours.safeParse({ mon: [{ open: '10:00', close: '10:00' }] }).success).toBe(false);
    expect(ZOpeningHours.safeParse({ mon: [{ open: '10:60', close: '11:00' }] }).success).toBe(false);
    expect(ZOpeningHours.safeParse({ funday: [] }).success).toBe(false);
  });
});

describe('ZStationProfileListQuery', () => {
  it('defaults to 40 per page, sort -createdAt', () => {
    expect(ZStationProfileListQuery.parse({})).toEqual({
      page: 0,
      limit: 40,
      sort: { field: 'createdAt', direction: 'desc' },
    });
  });

  it('filters by publication', () => {
    expect(ZStationProfileListQuery.parse({ isPublished: 'false' }).isPublished).toBe(false);
  });
});

describe('ZStationProfileUpdate', () => {
  const { id: _id, stationId: _s, createdAt: _c, updatedAt: _u, ...body } = profile;

  it('takes the editable fields, trimming text and lower-casing the email', () => {
    const parsed = ZStationProfileUpdate.parse({
      ...body,
      displayName: '  Andheri ',
      email: 'Desk@Example.IN',
    });
    expect(parsed.displayName).toBe('Andheri');
    expect(parsed.email).toBe('desk@example.in');
  });

  it('rejects repeated amenities, bad contacts and too many photos', () => {
    expect(ZStationProfileUpdate.safeParse({ ...body, amenities: ['air', 'air'] }).success).toBe(false);
    expect(ZStationProfileUpdate.safeParse({ ...body, phone: 'call us' }).success).toBe(false);
    expect(ZStationProfileUpdate.safeParse({ ...body, email: 'nope' }).success).toBe(false);
    const photos = Array.from({ length: 13 }, () => profile.photos[0]);
    expect(ZStationProfileUpdate.safeParse({ ...body, photos }).success).toBe(false);
  });
});

describe('station photo links', () => {
  it('take http(s) URLs and {address} links to stored files, nothing else', () => {
    for (const url of [
      'https://a.test/x.jpg',
      'http://a.test/x.jpg',
      '{address}://stations/x.jpg',
      '{address}/x.jpg',
    ])
      expect(ZStationPhoto.safeParse({ url }).success).toBe(true);
    for (const url of [
      '{address}:x.jpg',
      '{address}://',
      'ftp://a.test/x.jpg',
      'javascript:alert(1)',
      '{address}://a b',
    ])
      expect(ZStationPhoto.safeParse({ url }).success).toBe(false);
  });
});
