import {
  IconAlertTriangle,
  IconBox,
  IconCar,
  IconChartLine,
  IconDroplet,
  IconGasStation,
  IconLayoutDashboard,
  IconReceipt,
  IconSitemap,
  IconTrafficLights,
} from '@tabler/icons-react';

/** The navigation tree of spec §2. Station sections need a station, so they appear once one is open. */
export const MAIN_SECTIONS = [
  { label: 'Stations', to: '/stations', icon: IconGasStation },
  { label: 'Incidents', to: '/incidents', icon: IconAlertTriangle },
  { label: 'Vehicles', to: '/vehicles', icon: IconCar },
] as const;

export const STATION_SECTIONS = [
  { label: 'Overview', to: '/stations/$slug', icon: IconLayoutDashboard, level: 0 },
  { label: 'Schematic', to: '/stations/$slug/schematic', icon: IconSitemap, level: 0 },
  { label: 'Assets', to: '/stations/$slug/assets', icon: IconBox, level: 0 },
  { label: 'Dispensers', to: '/stations/$slug/assets/dispensers', icon: IconDroplet, level: 1 },
  { label: 'Congestion', to: '/stations/$slug/congestion', icon: IconTrafficLights, level: 0 },
  { label: 'Vehicles', to: '/stations/$slug/vehicles', icon: IconCar, level: 0 },
  { label: 'Transactions', to: '/stations/$slug/transactions', icon: IconReceipt, level: 0 },
  { label: 'Metrics', to: '/stations/$slug/metrics', icon: IconChartLine, level: 0 },
] as const;
