import type { TNotifyChannel, TWidgetMessage } from '@forecourt/contracts';

/** The in-app message document, as the contracts describe it. */
export type InboxMessage = TWidgetMessage;

/** A store's filter: what the feed, its count badge and "mark all" apply to. */
export type StoreQuery = {
  /** Feed identifiers (the feed's human key, not its id). */
  feedIdentifier?: string | string[];
  seen?: boolean;
  read?: boolean;
  /** Page size of this store's feed (1–100). */
  limit?: number;
  /** Every leaf must equal the message payload's at the same path; sent as base64 JSON. */
  payload?: Record<string, unknown>;
  /** The archive (true) instead of the inbox; set by the client's view, not by stores. */
  archived?: boolean;
  /** The snoozed messages (true) instead of the inbox; set by the client's view. */
  snoozed?: boolean;
};

/** What the feed lists: the inbox, the archive, or the snoozed messages. */
export type InboxView = 'inbox' | 'archived' | 'snoozed';

/** A message's severity (a workflow's, or its trigger's). */
export type Severity = 'high' | 'medium' | 'low' | 'none';

/** Unread messages of the inbox per severity (each capped at 99 by the server). */
export type SeverityCounts = Record<Severity, number>;

/** A named saved query. The first configured store is active at start. */
export type InboxStore = { storeId: string; query?: StoreQuery };

/** The flags of `POST /messages/markAs`: only the flags given are written. */
export type Mark = { seen?: boolean; read?: boolean };

export type FeedPage = {
  data: InboxMessage[];
  hasMore: boolean;
  totalCount: number;
  pageSize: number;
  page: number;
};

export type Count = { count: number };

export type SessionProfile = {
  _id: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
};

export type Session = { token: string | null; profile: SessionProfile | null };

export type Organization = {
  _id: string;
  name: string;
  branding?: {
    color?: string;
    logo?: string;
    fontColor?: string;
    fontFamily?: string;
    contentBackground?: string;
    direction?: 'ltr' | 'rtl';
  };
};

export type ChannelSwitches = Partial<Record<TNotifyChannel, boolean>>;

export type WorkflowPreference = {
  template: {
    _id: string;
    name: string;
    critical: boolean;
    tags: string[];
    triggers: unknown[];
    data?: unknown;
  };
  preference: {
    enabled: boolean;
    channels: ChannelSwitches;
    overrides?: { channel: string; source: string }[];
  };
};

export type GlobalPreference = { preference: { enabled: boolean; channels: ChannelSwitches } };

/** A button's kind, or `clicked`: the message itself was opened (recorded for messages without buttons). */
export type ActionButtonType = 'primary' | 'secondary' | 'clicked';
export type ActionStatus = 'pending' | 'done';
