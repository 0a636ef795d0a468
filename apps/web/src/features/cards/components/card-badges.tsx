import type { TCardStatus, TRequestStatus } from '@forecourt/contracts';
import { EnumBadge } from '../../../components/enum-badge';
import {
  CARD_STATUS_COLORS,
  CARD_STATUS_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
} from '../labels';

/** A card's lifecycle state (issued, active, blocked, expired). */
export function CardStatusBadge({ status }: { status: TCardStatus }) {
  return <EnumBadge value={status} labels={CARD_STATUS_LABELS} colors={CARD_STATUS_COLORS} />;
}

/** An activation request's state. */
export function RequestStatusBadge({ status }: { status: TRequestStatus }) {
  return (
    <EnumBadge value={status} labels={REQUEST_STATUS_LABELS} colors={REQUEST_STATUS_COLORS} variant="dot" />
  );
}
