/** What other features use of the map feature (its other files are its own). */
export { MapOnScreen } from './map-on-screen';
export { hasUsableLocation } from './station-layers';
export { browserHasWebGl } from './webgl';

/** Loads the station map on demand (MapLibre stays out of the first bundle): `lazy(loadStationMap)`. */
export const loadStationMap = () => import('./station-map');
