import {
  CARD_ACTIVATION_REQUEST_SORTS,
  CARD_KINDS,
  CARD_SORTS,
  CARD_STATUSES,
  REQUEST_STATUSES,
} from '@forecourt/contracts';
import { z } from 'zod';
import {
  zSearchBoolean,
  zSearchCursor,
  zSearchEnumList,
  zSearchSort,
  zSearchText,
} from '../../lib/search-params';

/** Address-bar state of /cards: filters, sort and the keyset cursor. */
export const ZCardsSearch = z.object({
  cursor: zSearchCursor,
  sort: zSearchSort(CARD_SORTS),
  q: zSearchText(20),
  status: zSearchEnumList(CARD_STATUSES),
  kind: zSearchEnumList(CARD_KINDS),
  isTest: zSearchBoolean,
});
export type TCardsSearch = z.output<typeof ZCardsSearch>;
export const CARD_FILTER_KEYS = ['q', 'status', 'kind', 'isTest'] as const;

/** Address-bar state of /cards/activation-requests. */
export const ZCardRequestsSearch = z.object({
  cursor: zSearchCursor,
  sort: zSearchSort(CARD_ACTIVATION_REQUEST_SORTS),
  status: zSearchEnumList(REQUEST_STATUSES),
});
export type TCardRequestsSearch = z.output<typeof ZCardRequestsSearch>;
export const CARD_REQUEST_FILTER_KEYS = ['status'] as const;
