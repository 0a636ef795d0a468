import type { TGrant } from '@forecourt/contracts';
import {
  IconAlertTriangle,
  IconBox,
  IconBuildingCommunity,
  IconCar,
  IconCards,
  IconChartBar,
  IconChartLine,
  IconCreditCard,
  IconDroplet,
  IconFileAlert,
  IconGasStation,
  IconGift,
  IconId,
  IconIdBadge2,
  IconLayoutDashboard,
  IconPlugConnected,
  IconRadar,
  IconReceipt,
  IconSitemap,
  IconStar,
  IconTrafficLights,
  IconUserQuestion,
  IconUsers,
} from '@tabler/icons-react';

/**
 * The navigation tree of spec §2. Station sections need a station, so they appear once one is
 * open. Each entry names the grant it needs; entries the user's grants do not allow are hidden.
 */
export const MAIN_SECTIONS = [
  { label: 'Command centre', to: '/command', icon: IconRadar, grant: 'stations:r' },
  { label: 'Stations', to: '/stations', icon: IconGasStation, grant: 'stations:r' },
  { label: 'Incidents', to: '/incidents', icon: IconAlertTriangle, grant: 'incidents:r' },
  { label: 'Vehicles', to: '/vehicles', icon: IconCar, grant: 'vehicles:r' },
  { label: 'Cards', to: '/cards', icon: IconCards, grant: 'cards:r' },
  { label: 'Loyalty', to: '/loyalty', icon: IconGift, grant: 'loyalty:r' },
  { label: 'Access requests', to: '/access-requests', icon: IconUserQuestion, grant: 'requests:r' },
  { label: 'Organisations', to: '/organizations', icon: IconBuildingCommunity, grant: 'organizations:r' },
] as const satisfies readonly (Record<string, unknown> & { grant: TGrant })[];

export const STATION_SECTIONS = [
  { label: 'Overview', to: '/stations/$slug', icon: IconLayoutDashboard, level: 0, grant: 'stations:r' },
  { label: 'Schematic', to: '/stations/$slug/schematic', icon: IconSitemap, level: 0, grant: 'assets:r' },
  { label: 'Assets', to: '/stations/$slug/assets', icon: IconBox, level: 0, grant: 'assets:r' },
  {
    label: 'Dispensers',
    to: '/stations/$slug/assets/dispensers',
    icon: IconDroplet,
    level: 1,
    grant: 'assets:r',
  },
  {
    label: 'Congestion',
    to: '/stations/$slug/congestion',
    icon: IconTrafficLights,
    level: 0,
    grant: 'stations:r',
  },
  { label: 'Vehicles', to: '/stations/$slug/vehicles', icon: IconCar, level: 0, grant: 'vehicles:r' },
  {
    label: 'Transactions',
    to: '/stations/$slug/transactions',
    icon: IconReceipt,
    level: 0,
    grant: 'transactions:r',
  },
  { label: 'Sales', to: '/stations/$slug/sales', icon: IconChartBar, level: 0, grant: 'transactions:r' },
  { label: 'Payments', to: '/stations/$slug/payments', icon: IconCreditCard, level: 0, grant: 'payments:r' },
  { label: 'Customers', to: '/stations/$slug/customers', icon: IconUsers, level: 0, grant: 'customers:r' },
  { label: 'Challans', to: '/stations/$slug/challans', icon: IconFileAlert, level: 0, grant: 'challans:r' },
  { label: 'Personnel', to: '/stations/$slug/personnel', icon: IconIdBadge2, level: 0, grant: 'personnel:r' },
  { label: 'Metrics', to: '/stations/$slug/metrics', icon: IconChartLine, level: 0, grant: 'stations:r' },
  { label: 'Profile', to: '/stations/$slug/profile', icon: IconId, level: 0, grant: 'stations:r' },
  { label: 'Reviews', to: '/stations/$slug/reviews', icon: IconStar, level: 0, grant: 'reviews:r' },
  {
    label: 'Data feed',
    to: '/stations/$slug/ingest',
    icon: IconPlugConnected,
    level: 0,
    grant: 'apikeys:r',
  },
] as const satisfies readonly (Record<string, unknown> & { grant: TGrant })[];
