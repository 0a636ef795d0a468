import { CARD_KINDS, CARD_STATUSES, REQUEST_STATUSES } from '@forecourt/contracts';
import type { TFilterField } from '../../components/filter-bar';
import { CARD_KIND_LABELS, CARD_STATUS_LABELS, REQUEST_STATUS_LABELS } from './labels';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The filters of /cards. */
export const CARD_FILTERS: TFilterField[] = [
  {
    kind: 'text',
    key: 'q',
    label: 'Search',
    placeholder: 'Last 4 digits or registration',
    maxLength: 20,
    upperCase: true,
  },
  {
    kind: 'multi',
    key: 'status',
    label: 'Status',
    placeholder: 'Any status',
    options: options(CARD_STATUSES, CARD_STATUS_LABELS),
  },
  {
    kind: 'multi',
    key: 'kind',
    label: 'Kind',
    placeholder: 'Any kind',
    options: options(CARD_KINDS, CARD_KIND_LABELS),
  },
  {
    kind: 'boolean',
    key: 'isTest',
    label: 'Test cards',
    anyLabel: 'Real cards',
    trueLabel: 'Test cards only',
    falseLabel: 'Real cards only',
  },
];

/** The filters of /cards/activation-requests. */
export const CARD_REQUEST_FILTERS: TFilterField[] = [
  {
    kind: 'multi',
    key: 'status',
    label: 'Status',
    placeholder: 'Any status',
    options: options(REQUEST_STATUSES, REQUEST_STATUS_LABELS),
  },
];
