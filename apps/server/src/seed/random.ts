/**
 * A small seeded PRNG (sfc32, a 128-bit-state "small fast counting" generator) plus the sampling
 * helpers the generator needs. Everything the seed produces flows from one of these, so the same
 * seed gives the same data. `fork(...keys)` derives an independent stream for a sub-task (one
 * station-day, the personnel of a station…), which keeps each part stable when another changes.
 */

/** Mixes 32-bit words into a well-spread 32-bit hash (murmur3 finaliser over an FNV-style fold). */
export function hash32(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? `#${part}` : part;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(readonly seed: number) {
    this.a = hash32(seed, 'a');
    this.b = hash32(seed, 'b');
    this.c = hash32(seed, 'c');
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An independent generator derived from this one's seed and the given keys. */
  fork(...keys: (number | string)[]): Random {
    return new Random(hash32(this.seed, ...keys));
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One item, chosen with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Standard normal by Box–Muller, scaled to the given mean and deviation. */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** exp(N(mu, sigma)): a right-skewed positive value whose median is e^mu. */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(this.normal(mu, sigma));
  }

  /** Normal clamped into [min, max]. */
  clampedNormal(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** Poisson-distributed count (Knuth for small means, normal approximation above 30). */
  poisson(mean: number): number {
    if (mean > 30) return Math.max(0, Math.round(this.normal(mean, Math.sqrt(mean))));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String.fromCharCode(48 + Math.floor(this.next() * 10));
    return out;
  }
}

/** A precomputed weighted sampler for hot paths (linear scan over a cumulative table). */
export class Picker<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i++) {
      sum += Math.max(0, weights[i] ?? 0);
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  pick(rng: Random): T {
    const r = rng.next() * this.total;
    const cumulative = this.cumulative;
    for (let i = 0; i < cumulative.length; i++) {
      if (r < (cumulative[i] as number)) return this.items[i] as T;
    }
    return this.items[this.items.length - 1] as T;
  }

  static fromRecord<K extends string>(weights: Partial<Record<K, number>>): Picker<K> {
    const keys = Object.keys(weights) as K[];
    return new Picker(
      keys,
      keys.map((k) => weights[k] ?? 0),
    );
  }
}
