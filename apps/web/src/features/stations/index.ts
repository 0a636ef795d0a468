/** What other features use of the stations feature (its other files are its own). */
export { fetchStationList } from './api';
export { StationPinButton } from './components/pin-button';
export { PinnedStations } from './components/pinned-stations';
export { FuelBadges, StationStatusBadge } from './components/station-badges';
export { FUEL_COLORS, FUEL_LABELS, FUEL_PROVIDER_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels';
export { stationPinsKey, stationPinsQueryOptions, useStationPins } from './pins';
export { stationKeys, stationListQueryOptions, useStation } from './queries';
export {
  type TStationFilters,
  type TStationListParams,
  toStationListParams,
  ZStationListSearch,
} from './search';
