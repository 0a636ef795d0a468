import { VEHICLE_CLASSES } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { PLACES } from './catalog';
import { Random } from './random';
import { pickOrigin, REGISTRATION_PATTERN, RegistrationSpace } from './registrations';

describe('RegistrationSpace', () => {
  it('never repeats a number and always matches the Indian formats', () => {
    const rng = new Random(3);
    const space = new RegistrationSpace(12_345);
    const places = Object.values(PLACES);
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) {
      const vehicleClass = VEHICLE_CLASSES[i % VEHICLE_CLASSES.length]!;
      const origin = pickOrigin(rng, places[i % places.length]!, vehicleClass, (i % 3) / 2);
      const registration = space.next(origin, vehicleClass);
      expect(REGISTRATION_PATTERN.test(registration)).toBe(true);
      seen.add(registration);
    }
    expect(seen.size).toBe(200_000);
    const samples = [...seen];
    expect(samples.some((r) => /^DL\d{1,2}[A-Z]{2,3}\d{4}$/.test(r))).toBe(true);
    expect(samples.some((r) => /^\d{2}BH\d{4}[A-Z]{1,2}$/.test(r))).toBe(true);
    expect(samples.some((r) => /^MH(12|14)[A-Z]{1,2}\d{4}$/.test(r))).toBe(true);
  });

  it('rejects malformed numbers', () => {
    for (const bad of ['MH12AB123', 'M12AB1234', '22BH12345A', 'dl3caf0521', 'MH12ABCD1234']) {
      expect(REGISTRATION_PATTERN.test(bad), bad).toBe(false);
    }
  });
});

describe('Random', () => {
  it('is reproducible and forks independent streams', () => {
    const one = new Random(42);
    const two = new Random(42);
    const a = Array.from({ length: 5 }, () => one.next());
    expect(Array.from({ length: 5 }, () => two.next())).toEqual(a);
    expect(new Random(42).fork('x').next()).not.toBe(new Random(42).fork('y').next());
    const mean = Array.from({ length: 20_000 }, () => one.normal(10, 2)).reduce((s, v) => s + v, 0) / 20_000;
    expect(mean).toBeCloseTo(10, 1);
  });
});
