export { FUEL_COLORS, FUEL_LABELS } from '../stations';

export const KIND_LABELS = {
  dealer_group: 'Dealer group',
  omc_region: 'Oil company region',
  fleet_operator: 'Fleet operator',
} as const;
