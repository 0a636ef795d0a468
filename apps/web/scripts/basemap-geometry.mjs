/**
 * Plane geometry for the offline basemap build (scripts/build-basemap.mjs): rounding, simplifying,
 * clipping to a box and placing labels. Positions are `[lng, lat]` in degrees; the shapes are
 * small enough (one country and its neighbours) that working in plain degrees is good enough.
 * Types: basemap-geometry.d.mts.
 */

/** `value` rounded to `digits` decimals, never `-0`. */
export function roundTo(value, digits) {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** Distance from `p` to the segment `a`–`b` (to `a` itself when the segment has no length). */
export function segmentDistance(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * Douglas–Peucker: keeps the first and last point and every point that lies farther than
 * `tolerance` from the simplified line. A tolerance of 0 still drops exactly collinear points.
 * Iterative, so a long coastline cannot overflow the stack.
 */
export function simplifyLine(points, tolerance) {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  const last = points.length - 1;
  keep[0] = 1;
  keep[last] = 1;
  const spans = [[0, last]];
  while (spans.length > 0) {
    const [start, end] = spans.pop();
    let farthest = -1;
    let farthestDistance = -1;
    for (let index = start + 1; index < end; index += 1) {
      const distance = segmentDistance(points[index], points[start], points[end]);
      if (distance > farthestDistance) {
        farthestDistance = distance;
        farthest = index;
      }
    }
    if (farthest !== -1 && farthestDistance > tolerance) {
      keep[farthest] = 1;
      spans.push([start, farthest], [farthest, end]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

/** Twice the signed area of a ring (shoelace); positive when counter-clockwise. */
function doubleSignedArea(ring) {
  let sum = 0;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    sum += (ring[previous][0] - ring[index][0]) * (ring[previous][1] + ring[index][1]);
  }
  return sum;
}

/** Area of a ring in square degrees (unsigned). */
export function ringArea(ring) {
  return Math.abs(doubleSignedArea(ring)) / 2;
}

function samePosition(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * One ring rounded to `digits` decimals, without repeated points, simplified with `tolerance`
 * and closed again; null when fewer than three distinct points survive or the ring encloses less
 * than `minArea` square degrees.
 */
export function cleanRing(ring, { digits, tolerance, minArea = 0 }) {
  const rounded = [];
  for (const position of ring) {
    const point = [roundTo(position[0], digits), roundTo(position[1], digits)];
    const previous = rounded[rounded.length - 1];
    if (!previous || !samePosition(previous, point)) rounded.push(point);
  }
  if (rounded.length > 1 && !samePosition(rounded[0], rounded[rounded.length - 1])) {
    rounded.push(rounded[0]);
  }
  if (rounded.length < 4) return null;
  const simplified = simplifyLine(rounded, tolerance);
  if (simplified.length < 4) return null;
  if (ringArea(simplified) < minArea || ringArea(simplified) === 0) return null;
  return simplified;
}

/** A GeoJSON Polygon or MultiPolygon as a list of polygons (each a list of rings). */
export function polygonsOf(geometry) {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/**
 * A Polygon or MultiPolygon simplified ring by ring (see {@link cleanRing}). Parts whose outer
 * ring collapses are dropped, and so are collapsed holes. Returns a MultiPolygon, or null when
 * nothing is left.
 */
export function simplifyGeometry(geometry, options) {
  const polygons = [];
  for (const polygon of polygonsOf(geometry)) {
    const [outer, ...holes] = polygon;
    const cleanOuter = outer && cleanRing(outer, options);
    if (!cleanOuter) continue;
    const cleanHoles = holes
      .map((hole) => cleanRing(hole, { ...options, minArea: 0 }))
      .filter((hole) => hole !== null);
    polygons.push([cleanOuter, ...cleanHoles]);
  }
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

/** How many positions a geometry (or a FeatureCollection / Feature) holds. */
export function countPositions(value) {
  if (!value) return 0;
  if (value.type === 'FeatureCollection') {
    return value.features.reduce((sum, feature) => sum + countPositions(feature.geometry), 0);
  }
  if (value.type === 'Feature') return countPositions(value.geometry);
  if (value.type === 'GeometryCollection') {
    return value.geometries.reduce((sum, geometry) => sum + countPositions(geometry), 0);
  }
  const walk = (coordinates) =>
    typeof coordinates[0] === 'number' ? 1 : coordinates.reduce((sum, inner) => sum + walk(inner), 0);
  return walk(value.coordinates);
}

/** `[minLng, minLat, maxLng, maxLat]` of every position in a geometry, Feature or FeatureCollection. */
export function boundsOf(value) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coordinates) => {
    if (typeof coordinates[0] === 'number') {
      box[0] = Math.min(box[0], coordinates[0]);
      box[1] = Math.min(box[1], coordinates[1]);
      box[2] = Math.max(box[2], coordinates[0]);
      box[3] = Math.max(box[3], coordinates[1]);
      return;
    }
    for (const inner of coordinates) visit(inner);
  };
  const geometries =
    value.type === 'FeatureCollection'
      ? value.features.map((feature) => feature.geometry)
      : value.type === 'Feature'
        ? [value.geometry]
        : [value];
  for (const geometry of geometries) {
    if (geometry?.type === 'GeometryCollection') {
      for (const inner of geometry.geometries) visit(inner.coordinates);
    } else if (geometry) visit(geometry.coordinates);
  }
  return box;
}

/** Even–odd test of a point against one ring. */
function insideRing(point, ring) {
  let inside = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const [xi, yi] = ring[index];
    const [xj, yj] = ring[previous];
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/** Whether a point lies inside a polygon (outer ring, minus its holes). */
export function insidePolygon(point, polygon) {
  const [outer, ...holes] = polygon;
  return Boolean(outer && insideRing(point, outer) && !holes.some((hole) => insideRing(point, hole)));
}

/** Distance from a point to the nearest edge of a polygon, with longitudes shrunk by `xScale`. */
function edgeDistance(point, polygon, xScale) {
  const scaled = (position) => [position[0] * xScale, position[1]];
  const p = scaled(point);
  let best = Infinity;
  for (const ring of polygon) {
    for (let index = 1; index < ring.length; index += 1) {
      best = Math.min(best, segmentDistance(p, scaled(ring[index - 1]), scaled(ring[index])));
    }
  }
  return best;
}

/**
 * Where to put a polygon's name: the point found farthest inside it (a coarse grid, then finer
 * grids around the best point so far), which for a crescent or a coastal state lies well inside
 * the shape where its centroid may not. Longitudes count `cos(lat)` of a latitude degree.
 */
export function labelPoint(polygon, { precision = 0.01 } = {}) {
  const outer = polygon[0];
  const [minX, minY, maxX, maxY] = boundsOf({ type: 'Polygon', coordinates: [outer] });
  const xScale = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  let best = null;
  let bestDistance = -1;
  const consider = (x, y) => {
    const point = [x, y];
    if (!insidePolygon(point, polygon)) return;
    const distance = edgeDistance(point, polygon, xScale);
    if (distance > bestDistance) {
      bestDistance = distance;
      best = point;
    }
  };
  const steps = 24;
  let stepX = (maxX - minX) / steps;
  let stepY = (maxY - minY) / steps;
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) consider(minX + i * stepX, minY + j * stepY);
  }
  if (!best) {
    // A sliver thinner than the grid: the mean of its vertices is as good as anything.
    const sum = outer.reduce((total, position) => [total[0] + position[0], total[1] + position[1]], [0, 0]);
    return [sum[0] / outer.length, sum[1] / outer.length];
  }
  while (Math.max(stepX, stepY) > precision) {
    const [cx, cy] = best;
    stepX /= 4;
    stepY /= 4;
    for (let i = -4; i <= 4; i += 1) {
      for (let j = -4; j <= 4; j += 1) consider(cx + i * stepX, cy + j * stepY);
    }
  }
  return best;
}

/** The part of a MultiPolygon with the largest outer ring. */
export function largestPolygon(geometry) {
  let largest = null;
  let largestArea = -1;
  for (const polygon of polygonsOf(geometry)) {
    const area = polygon[0] ? ringArea(polygon[0]) : 0;
    if (area > largestArea) {
      largestArea = area;
      largest = polygon;
    }
  }
  return largest;
}

/** Total area of a Polygon or MultiPolygon in square degrees (outer rings minus holes). */
export function geometryArea(geometry) {
  return polygonsOf(geometry).reduce(
    (sum, [outer, ...holes]) =>
      sum + (outer ? ringArea(outer) : 0) - holes.reduce((total, hole) => total + ringArea(hole), 0),
    0,
  );
}

const EDGES = [
  { inside: (p, box) => p[0] >= box[0], cross: (a, b, box) => crossX(a, b, box[0]) },
  { inside: (p, box) => p[0] <= box[2], cross: (a, b, box) => crossX(a, b, box[2]) },
  { inside: (p, box) => p[1] >= box[1], cross: (a, b, box) => crossY(a, b, box[1]) },
  { inside: (p, box) => p[1] <= box[3], cross: (a, b, box) => crossY(a, b, box[3]) },
];

function crossX(a, b, x) {
  const t = (x - a[0]) / (b[0] - a[0]);
  return [x, a[1] + t * (b[1] - a[1])];
}

function crossY(a, b, y) {
  const t = (y - a[1]) / (b[1] - a[1]);
  return [a[0] + t * (b[0] - a[0]), y];
}

/**
 * A closed ring cut to the box `[minLng, minLat, maxLng, maxLat]` (Sutherland–Hodgman, one box
 * edge at a time). Returns the closed clipped ring, or null when nothing of it is inside.
 */
export function clipRing(ring, box) {
  let output = samePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring.slice();
  for (const edge of EDGES) {
    const input = output;
    output = [];
    for (let index = 0; index < input.length; index += 1) {
      const current = input[index];
      const previous = input[(index + input.length - 1) % input.length];
      const currentInside = edge.inside(current, box);
      const previousInside = edge.inside(previous, box);
      if (currentInside) {
        if (!previousInside) output.push(edge.cross(previous, current, box));
        output.push(current);
      } else if (previousInside) {
        output.push(edge.cross(previous, current, box));
      }
    }
    if (output.length === 0) return null;
  }
  if (output.length < 3) return null;
  output.push(output[0]);
  return output;
}

/** A Polygon or MultiPolygon cut to a box; null when it lies entirely outside. */
export function clipGeometry(geometry, box) {
  const polygons = [];
  for (const [outer, ...holes] of polygonsOf(geometry)) {
    const clippedOuter = outer && clipRing(outer, box);
    if (!clippedOuter) continue;
    const clippedHoles = holes.map((hole) => clipRing(hole, box)).filter((hole) => hole !== null);
    polygons.push([clippedOuter, ...clippedHoles]);
  }
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

/**
 * The parts of a line inside the box (Liang–Barsky per segment); a line that leaves the box and
 * comes back becomes several lines.
 */
export function clipLine(line, box) {
  const parts = [];
  let current = [];
  const flush = () => {
    if (current.length >= 2) parts.push(current);
    current = [];
  };
  for (let index = 1; index < line.length; index += 1) {
    const a = line[index - 1];
    const b = line[index];
    const clipped = clipSegment(a, b, box);
    if (!clipped) {
      flush();
      continue;
    }
    const [start, end] = clipped;
    const last = current[current.length - 1];
    if (!last || !samePosition(last, start)) {
      flush();
      current.push(start);
    }
    current.push(end);
    if (end !== b) flush();
  }
  flush();
  return parts;
}

function clipSegment(a, b, box) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks = [
    [-dx, a[0] - box[0]],
    [dx, box[2] - a[0]],
    [-dy, a[1] - box[1]],
    [dy, box[3] - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      t0 = Math.max(t0, t);
    } else {
      if (t < t0) return null;
      t1 = Math.min(t1, t);
    }
  }
  const start = t0 === 0 ? a : [a[0] + t0 * dx, a[1] + t0 * dy];
  const end = t1 === 1 ? b : [a[0] + t1 * dx, a[1] + t1 * dy];
  return [start, end];
}
