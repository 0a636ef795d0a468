import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/**
 * maplibre-gl 6 computes its worker's address at run time, which Vite cannot see; handing it the
 * URL of the worker file Vite emits makes the map work in dev and in the build alike. Every map
 * module imports maplibre through here, so this runs before the first map is created.
 */
setWorkerUrl(workerUrl);

export {
  AttributionControl,
  type GeoJSONSource,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  type MapGeoJSONFeature,
  type MapLayerMouseEvent,
  Marker,
  NavigationControl,
  Popup,
} from 'maplibre-gl';
