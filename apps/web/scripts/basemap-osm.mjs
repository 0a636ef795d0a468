/**
 * Roads for the offline basemap from an OpenStreetMap extract (scripts/build-basemap.mjs
 * `--osm`). Reads OSM XML (`.osm`) as a stream; an `.osm.pbf` extract is first filtered to the
 * road classes and turned into XML by `osmium tags-filter` (Debian package osmium-tool), so only
 * the roads and their nodes pass through Node. Types: basemap-osm.d.mts.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';

/**
 * OSM `highway` values kept, by the class the style draws and the zoom from which the class is in
 * the tiles. `minor` roads (streets) are kept only when asked for (`includeMinor`): they are most
 * of the network's size.
 */
export const ROAD_CLASSES = {
  motorway: { minzoom: 5, highways: ['motorway', 'motorway_link'] },
  trunk: { minzoom: 5, highways: ['trunk', 'trunk_link'] },
  primary: { minzoom: 7, highways: ['primary', 'primary_link'] },
  secondary: { minzoom: 9, highways: ['secondary', 'secondary_link'] },
  tertiary: { minzoom: 11, highways: ['tertiary', 'tertiary_link'] },
  minor: { minzoom: 12, highways: ['residential', 'unclassified', 'living_street'] },
};

/** `highway` value → road class, for the classes asked for. */
export function highwayClasses({ includeMinor = false } = {}) {
  const byHighway = new Map();
  for (const [roadClass, { highways }] of Object.entries(ROAD_CLASSES)) {
    if (roadClass === 'minor' && !includeMinor) continue;
    for (const highway of highways) byHighway.set(highway, roadClass);
  }
  return byHighway;
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (match, code) => {
    if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return ENTITIES[code] ?? match;
  });
}

const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributesOf(text) {
  const attributes = {};
  for (const match of text.matchAll(ATTRIBUTE)) attributes[match[1]] = decodeEntities(match[2] ?? match[3]);
  return attributes;
}

/**
 * Calls `onElement(name, attributes, selfClosing)` for every start tag and `onEnd(name)` for every
 * end tag (and after a self-closing tag) of an XML text stream. Enough XML for OSM files: no
 * CDATA, comments and declarations are skipped.
 */
async function readXmlTags(stream, onElement, onEnd) {
  let buffer = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    buffer += chunk;
    TAG.lastIndex = 0;
    let consumed = 0;
    for (let match = TAG.exec(buffer); match; match = TAG.exec(buffer)) {
      const [, closing, name, attributeText, selfClosing] = match;
      if (closing) onEnd(name);
      else {
        onElement(name, attributesOf(attributeText), Boolean(selfClosing));
        if (selfClosing) onEnd(name);
      }
      consumed = TAG.lastIndex;
    }
    const open = buffer.lastIndexOf('<');
    buffer = open >= consumed ? buffer.slice(open) : '';
  }
}

const round = (value) => Math.round(value * 1e6) / 1e6;

/**
 * Road features (GeoJSON LineStrings with `class`, and `name` / `ref` when the way has them) from
 * an OSM XML stream. Nodes must come before the ways that use them, as in every OSM file.
 */
export async function roadsFromOsmXml(stream, { includeMinor = false } = {}) {
  const classes = highwayClasses({ includeMinor });
  const nodes = new Map();
  const features = [];
  let way = null;
  let skipped = 0;
  await readXmlTags(
    stream,
    (name, attributes) => {
      if (name === 'node') {
        const lat = Number(attributes.lat);
        const lon = Number(attributes.lon);
        if (Number.isFinite(lat) && Number.isFinite(lon)) nodes.set(attributes.id, [round(lon), round(lat)]);
      } else if (name === 'way') {
        way = { refs: [], tags: {} };
      } else if (way && name === 'nd') {
        way.refs.push(attributes.ref);
      } else if (way && name === 'tag') {
        way.tags[attributes.k] = attributes.v;
      }
    },
    (name) => {
      if (name !== 'way' || !way) return;
      const roadClass = classes.get(way.tags.highway);
      const current = way;
      way = null;
      if (!roadClass) return;
      const coordinates = current.refs.map((ref) => nodes.get(ref)).filter((position) => position);
      if (coordinates.length < 2) {
        skipped += 1;
        return;
      }
      const properties = { class: roadClass };
      if (current.tags.name) properties.name = current.tags.name;
      if (current.tags.ref) properties.ref = current.tags.ref;
      features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates } });
    },
  );
  return { features, skipped };
}

/** The `osmium tags-filter` expression for the road classes asked for. */
export function osmiumFilter({ includeMinor = false } = {}) {
  return `w/highway=${[...highwayClasses({ includeMinor }).keys()].join(',')}`;
}

/**
 * Roads from an OSM extract: `.osm` XML is read directly; anything else (`.osm.pbf`, `.o5m`…) goes
 * through `osmium tags-filter … -f osm -o -` first. Fails with a clear message when osmium is missing.
 */
export async function readOsmRoads(path, { includeMinor = false, osmium = 'osmium' } = {}) {
  if (path.endsWith('.osm')) return roadsFromOsmXml(createReadStream(path), { includeMinor });
  const child = spawn(osmium, ['tags-filter', path, osmiumFilter({ includeMinor }), '-f', 'osm', '-o', '-'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    stderr += text;
  });
  const exited = new Promise((resolve, reject) => {
    child.on('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`reading ${path} needs osmium (Debian package osmium-tool), not found as "${osmium}"`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`osmium exited with ${code}: ${stderr.trim()}`)),
    );
  });
  const [roads] = await Promise.all([roadsFromOsmXml(child.stdout, { includeMinor }), exited]);
  return roads;
}
