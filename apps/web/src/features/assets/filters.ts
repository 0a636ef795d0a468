import { DISPENSER_STATUSES } from '@forecourt/contracts';
import type { TFilterField } from '../../components/filter-bar';
import { fuel, status } from '../operations';
import { DISPENSER_STATUS_LABELS } from './labels';

/** Status and fuel filters of the dispenser registry (the shared filter bar draws them). */
export const DISPENSER_FILTERS: readonly TFilterField[] = [
  status(DISPENSER_STATUSES, DISPENSER_STATUS_LABELS),
  fuel('fuel'),
];
