import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  cleanRing,
  clipLine,
  clipRing,
  countPositions,
  insidePolygon,
  labelPoint,
  roundTo,
  simplifyGeometry,
  simplifyLine,
  type TPolygonal,
} from '../../../scripts/basemap-geometry.mjs';
import { buildIndiaStates, buildWorldLand, WORLD_BOX } from '../../../scripts/build-basemap.mjs';
import { BASEMAP_BOUNDS } from './styles';

const require = createRequire(import.meta.url);
const statesDir = join(dirname(require.resolve('world-geojson/package.json')), 'states', 'india');

function readState(file: string): TPolygonal {
  return JSON.parse(readFileSync(join(statesDir, file), 'utf8')).features[0].geometry;
}

describe('basemap simplification', () => {
  it('rounds without producing -0', () => {
    expect(roundTo(77.12345, 3)).toBe(77.123);
    expect(Object.is(roundTo(-0.0001, 3), 0)).toBe(true);
  });

  it('drops collinear points and keeps the ends and the corners', () => {
    const line = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
    ];
    expect(simplifyLine(line, 0)).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
    ]);
  });

  it('rounds a ring, removes repeated points and closes it; a collapsed ring is dropped', () => {
    const ring = [
      [77.00001, 28.00001],
      [77.00002, 28.00002],
      [77.5, 28],
      [77.5, 28.5],
      [77, 28.5],
    ];
    expect(cleanRing(ring, { digits: 3, tolerance: 0 })).toEqual([
      [77, 28],
      [77.5, 28],
      [77.5, 28.5],
      [77, 28.5],
      [77, 28],
    ]);
    const sliver = [
      [77, 28],
      [77.0001, 28.0001],
      [77.0002, 28],
      [77, 28],
    ];
    expect(cleanRing(sliver, { digits: 3, tolerance: 0 })).toBeNull();
  });

  it('takes points off a real state while its outline keeps its place', () => {
    const maharashtra = readState('maharashtra.json');
    const simplified = simplifyGeometry(maharashtra, { digits: 3, tolerance: 0.006 });
    expect(simplified).not.toBeNull();
    const before = countPositions(maharashtra);
    const after = countPositions(simplified);
    expect(after).toBeLessThan(before * 0.8);
    expect(after).toBeGreaterThan(100);
    const [west, south, east, north] = boundsOf(maharashtra);
    const box = boundsOf(simplified);
    for (const [value, expected] of [
      [box[0], west],
      [box[1], south],
      [box[2], east],
      [box[3], north],
    ] as const) {
      expect(Math.abs(value - expected)).toBeLessThan(0.01);
    }
  });

  it('builds all states and union territories, smaller, inside India, with a label inside each', () => {
    const { collection, inputPositions, outputPositions, states } = buildIndiaStates();
    // 37 source files; Dadra & Nagar Haveli and Daman & Diu are one union territory since 2020.
    expect(states).toBe(36);
    expect(outputPositions).toBeLessThan(inputPositions * 0.7);
    expect(JSON.stringify(collection).length).toBeLessThan(400 * 1024);

    const shapes = collection.features.filter((feature) => feature.properties.kind === 'state');
    const labels = collection.features.filter((feature) => feature.properties.kind === 'state-label');
    expect(labels).toHaveLength(shapes.length);
    const names = shapes.map((feature) => feature.properties.name);
    expect(names).toContain('Dadra & Nagar Haveli and Daman & Diu');
    expect(names).toContain('Delhi');
    expect(names).not.toContain('Daman & Diu');

    // India spans about 68°–97.5° E and 6.5°–37.1° N, including the Andaman & Nicobar Islands.
    const [west, south, east, north] = boundsOf({ type: 'FeatureCollection', features: shapes });
    expect(west).toBeGreaterThan(68);
    expect(west).toBeLessThan(68.3);
    expect(east).toBeGreaterThan(97.3);
    expect(east).toBeLessThan(97.5);
    expect(south).toBeGreaterThan(6.5);
    expect(south).toBeLessThan(7);
    expect(north).toBeGreaterThan(36.9);
    expect(north).toBeLessThan(37.2);

    for (const label of labels) {
      const shape = shapes.find((feature) => feature.properties.id === label.properties.id);
      const polygons = shape?.geometry.coordinates ?? [];
      const point = label.geometry.coordinates;
      expect(
        polygons.some((polygon: number[][][]) => insidePolygon(point, polygon)),
        label.properties.name,
      ).toBe(true);
    }
  });

  it('covers the area the app keeps the camera in', () => {
    expect(WORLD_BOX).toEqual(BASEMAP_BOUNDS);
  });

  it('cuts the neighbours to the box around India and names them', () => {
    const world = buildWorldLand([60, 0, 100, 40]);
    const kinds = new Set(world.features.map((feature) => feature.properties.kind));
    expect([...kinds].sort()).toEqual(['border', 'country', 'country-label', 'india-underlay', 'sea-label']);
    const [west, south, east, north] = boundsOf({
      type: 'FeatureCollection',
      features: world.features.filter((feature) => feature.geometry.type !== 'Point'),
    });
    expect(west).toBeGreaterThanOrEqual(60);
    expect(south).toBeGreaterThanOrEqual(0);
    expect(east).toBeLessThanOrEqual(100);
    expect(north).toBeLessThanOrEqual(40);
    const countries = world.features
      .filter((feature) => feature.properties.kind === 'country-label')
      .map((feature) => feature.properties.name);
    expect(countries).toEqual(expect.arrayContaining(['Nepal', 'Bangladesh', 'Sri Lanka', 'Pakistan']));
    expect(countries).not.toContain('India');
  });
});

describe('basemap geometry', () => {
  const square = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ];

  it('clips a ring to a box', () => {
    const clipped = clipRing(square, [5, -5, 20, 5]);
    expect(boundsOf({ type: 'Polygon', coordinates: [clipped ?? []] })).toEqual([5, 0, 10, 5]);
    expect(clipRing(square, [20, 20, 30, 30])).toBeNull();
  });

  it('splits a line that leaves the box and comes back', () => {
    const line = [
      [0, 5],
      [20, 5],
      [20, 6],
      [0, 6],
    ];
    expect(clipLine(line, [0, 0, 10, 10])).toEqual([
      [
        [0, 5],
        [10, 5],
      ],
      [
        [10, 6],
        [0, 6],
      ],
    ]);
  });

  it('places a label inside a U-shaped polygon, where the centroid is not', () => {
    const u = [
      [
        [0, 0],
        [9, 0],
        [9, 9],
        [6, 9],
        [6, 3],
        [3, 3],
        [3, 9],
        [0, 9],
        [0, 0],
      ],
    ];
    expect(insidePolygon([4.5, 5], u)).toBe(false);
    expect(insidePolygon(labelPoint(u), u)).toBe(true);
  });
});
