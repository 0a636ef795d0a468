import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

/**
 * Row types of every table, in camelCase (the CamelCasePlugin maps them to snake_case columns).
 * Conventions: `*At` are epoch milliseconds, `*Paise` integer paise, `*Milli` integer milli-units,
 * `is*` flags 0/1, `*On` ISO dates (YYYY-MM-DD) in IST.
 */
type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;
type Json = ColumnType<string, string | undefined, string>;
/** Optional on insert, nullable: the ingest sender's id of the row (unique per station when set). */
type SourceId = ColumnType<string | null, string | null | undefined, string | null>;
/** Optional on insert, nullable epoch ms. */
type OptionalTime = ColumnType<number | null, number | null | undefined, number | null>;

export interface OrganizationsTable {
  id: Id;
  slug: string;
  name: string;
  kind: string;
  isFuelProvider: Flag;
  fuelMask: Flag;
  settings: Json;
  createdAt: number;
  updatedAt: number;
}

export interface UsersTable {
  id: Id;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  emailVerifiedAt: number | null;
  disabledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface MembershipsTable {
  id: Id;
  organizationId: number;
  userId: number;
  role: string;
  scope: string | null;
  status: string;
  allStations: Flag;
  /** Set when the organisation disabled this membership (or withdrew the invitation). */
  disabledAt: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: number;
  updatedAt: number;
}

export interface MembershipStationsTable {
  membershipId: number;
  stationId: number;
  organizationId: number;
}

export interface StationsTable {
  id: Id;
  organizationId: number;
  slug: string;
  name: string;
  code: string;
  fuelProvider: string;
  fuelMask: Flag;
  status: string;
  city: string;
  state: string;
  address: string;
  pincode: string;
  lat: number;
  lng: number;
  lanes: number;
  dispenserCount: Flag;
  openedOn: string;
  createdAt: number;
  updatedAt: number;
}

export interface DispensersTable {
  id: Id;
  organizationId: number;
  stationId: number;
  code: string;
  lane: number;
  make: string;
  status: string;
  installedOn: string;
  /** When `status` was last reported through ingest (null: never). */
  stateAt: OptionalTime;
  createdAt: number;
  updatedAt: number;
}

export interface NozzlesTable {
  id: Id;
  organizationId: number;
  stationId: number;
  dispenserId: number;
  number: number;
  side: string;
  fuel: string;
  status: string;
  totalizerMilli: Flag;
  /** When `status` was last reported through ingest (null: never). */
  stateAt: OptionalTime;
  createdAt: number;
  updatedAt: number;
}

export interface FuelPricesTable {
  id: Id;
  organizationId: number;
  stationId: number;
  fuel: string;
  effectiveOn: string;
  pricePaise: number;
}

export interface CustomersTable {
  id: Id;
  organizationId: number;
  name: string;
  kind: string;
  phone: string | null;
  email: string | null;
  homeStationId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PersonnelTable {
  id: Id;
  organizationId: number;
  stationId: number;
  name: string;
  role: string;
  phone: string;
  shift: string;
  status: string;
  joinedOn: string;
  createdAt: number;
  updatedAt: number;
}

export interface TransactionsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  dispenserId: number;
  nozzleId: number;
  fuel: string;
  startedAt: number;
  endedAt: number;
  quantityMilli: number;
  unitPricePaise: number;
  amountPaise: number;
  paymentMode: string;
  status: string;
  vehicleRegistration: string | null;
  vehicleClass: string;
  customerId: number | null;
  attendantId: number | null;
  sourceId: SourceId;
}

export interface PaymentsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  transactionId: number | null;
  paidAt: number;
  mode: string;
  amountPaise: number;
  status: string;
  reference: string;
  provider: string;
  sourceId: SourceId;
}

export interface VehiclesTable {
  id: Id;
  organizationId: number;
  registration: string;
  vehicleClass: string;
  fuel: string;
  customerId: number | null;
  firstSeenAt: number;
  lastSeenAt: number;
  isWatchlisted: Flag;
  createdAt: number;
  updatedAt: number;
}

export interface VehicleSightingsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  registration: string;
  vehicleClass: string;
  seenAt: number;
  lane: number;
  confidence: number;
  dwellSeconds: number;
  transactionId: number | null;
  sourceId: SourceId;
}

export interface ChallansTable {
  id: Id;
  organizationId: number;
  stationId: number | null;
  challanNo: string;
  registration: string;
  challanTime: number;
  place: string;
  stateCode: string;
  department: string;
  offences: string;
  finePaise: number;
  status: string;
  paidAt: number | null;
  court: string | null;
}

export interface IncidentsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  dispenserId: number | null;
  number: number;
  group: string;
  type: string;
  severity: string;
  status: string;
  title: string;
  description: string;
  assigneeUserId: number | null;
  openedAt: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  closedAt: number | null;
  slaDueAt: number;
  createdAt: number;
  updatedAt: number;
  /** Generated from `severity` (low 1 … critical 4) and `status` (open 1 … closed 4); migration 0023. */
  severityRank: GeneratedAlways<number>;
  statusRank: GeneratedAlways<number>;
}

export interface IncidentEventsTable {
  id: Id;
  organizationId: number;
  incidentId: number;
  at: number;
  actorUserId: number | null;
  kind: string;
  data: Json;
}

/** Uploaded files (incident evidence); the bytes are on disk by SHA-256 (migration 0009). */
export interface FilesTable {
  id: Id;
  organizationId: number;
  incidentId: number | null;
  stationId: number | null;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedByUserId: number | null;
  createdAt: number;
}

export interface LoyaltyProgramsTable {
  id: Id;
  organizationId: number;
  slug: string;
  name: string;
  pointsPerHundred: number;
  createdAt: number;
  updatedAt: number;
}

export interface LoyaltyTransactionsTable {
  id: Id;
  organizationId: number;
  programId: number;
  stationId: number;
  customerId: number | null;
  cardId: number | null;
  transactionId: number | null;
  kind: string;
  points: number;
  amountPaise: number;
  status: string;
  isTest: Flag;
  createdAt: number;
}

export interface SettlementsTable {
  id: Id;
  organizationId: number;
  programId: number;
  stationId: number;
  periodStart: number;
  periodEnd: number;
  transactionCount: number;
  grossPaise: number;
  feePaise: number;
  netPaise: number;
  status: string;
  utr: string | null;
  settledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CardsTable {
  id: Id;
  organizationId: number;
  programId: number | null;
  customerId: number | null;
  kind: string;
  last4: string;
  vehicleRegistration: string | null;
  status: string;
  dailyLimitPaise: number;
  monthlyLimitPaise: number;
  balancePaise: number;
  isTest: Flag;
  issuedAt: number;
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface CardActivationRequestsTable {
  id: Id;
  organizationId: number;
  cardId: number;
  requestedBy: string;
  note: string | null;
  status: string;
  reason: string | null;
  decidedAt: number | null;
  decidedByUserId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface StationAccessRequestsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  userId: number;
  message: string | null;
  status: string;
  reason: string | null;
  decidedAt: number | null;
  decidedByUserId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface StationProfilesTable {
  id: Id;
  organizationId: number;
  stationId: number;
  displayName: string;
  description: string;
  amenities: string;
  hours: string;
  photos: string;
  phone: string | null;
  email: string | null;
  isPublished: Flag;
  createdAt: number;
  updatedAt: number;
}

export interface StationReviewsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CongestionSamplesTable {
  id: Id;
  organizationId: number;
  stationId: number;
  lane: number;
  sampledAt: number;
  queueLength: number;
  waitSeconds: number;
  sourceId: SourceId;
}

export interface SalesHourlyTable {
  organizationId: number;
  stationId: number;
  bucket: number;
  fuel: string;
  paymentMode: string;
  transactionCount: number;
  quantityMilli: number;
  amountPaise: number;
}

/** Sales per station, IST day (epoch ms of its midnight), fuel and payment mode, summed from `sales_hourly`. */
export interface SalesDailyTable {
  organizationId: number;
  stationId: number;
  day: number;
  fuel: string;
  paymentMode: string;
  transactionCount: number;
  quantityMilli: number;
  amountPaise: number;
}

/** ANPR visits and the visits that ended in a fill, per station and IST day (epoch ms of its midnight). */
export interface SightingsDailyTable {
  organizationId: number;
  stationId: number;
  day: number;
  visits: number;
  served: number;
}

/** Customer fills summed per station, IST week (its Monday 00:00, epoch ms), customer and fuel (0018). */
export interface CustomerSalesWeeklyTable {
  organizationId: number;
  stationId: number;
  week: number;
  customerId: number;
  fuel: string;
  transactionCount: number;
  quantityMilli: number;
  amountPaise: number;
  lastVisitAt: number;
}

/** Single-use email tokens; only the SHA-256 of the token is stored. */
export interface EmailTokensTable {
  id: Id;
  /** 'verify_email' | 'reset_password' | 'invitation'. */
  purpose: string;
  tokenHash: string;
  email: string;
  userId: number | null;
  /** The inviting organisation (invitations only). */
  organizationId: number | null;
  /** JSON: for invitations {membershipId, role, scope, stationIds, invitedBy}. */
  data: Json;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** The embedded mailbox: every mail sent while no SMTP server is configured. */
export interface OutboxTable {
  id: Id;
  organizationId: number | null;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: number;
  /** 1: the organisation's admins may read the body (an invitation they sent); 0: only the recipient. */
  organizationReadsBody: Generated<number>;
}

/** Who changed what, for any module: `action` like 'member.updated', `target` like 'membership:12'. */
export interface AuditEventsTable {
  id: Id;
  organizationId: number | null;
  actorUserId: number | null;
  action: string;
  target: string;
  data: Json;
  at: number;
}

/** Secrets generated once and shared by every process (the access-token signing key). */
export interface AppSecretsTable {
  name: string;
  value: string;
  createdAt: number;
}

/** One row per refresh token ever issued; only its SHA-256 is stored. A family is one sign-in. */
export interface RefreshTokensTable {
  id: Id;
  familyId: string;
  userId: number;
  organizationId: number | null;
  tokenHash: string;
  createdAt: number;
  /** Absolute end of the family (sign-in + 30 days), copied to every rotated token. */
  expiresAt: number;
  /** When the token was exchanged (rotation); a second exchange is reuse. */
  usedAt: number | null;
  replacedBy: number | null;
  revokedAt: number | null;
  /** The user's session generation when the family was started; a later one ends it. */
  generation: Generated<number>;
}

/** Access tokens issued at or before `tokensValidAfter` (epoch ms) are revoked. */
export interface SessionCutoffsTable {
  userId: number;
  tokensValidAfter: number;
  /** Raised by every revocation; tokens of an older generation are refused. */
  generation: Generated<number>;
}

/** A station's key for the ingest API; only the SHA-256 of the secret is stored. */
export interface StationApiKeysTable {
  id: Id;
  organizationId: number;
  stationId: number;
  name: string;
  /** The secret's first characters, shown to tell keys apart. */
  prefix: string;
  secretHash: string;
  createdAt: number;
  createdBy: number | null;
  lastUsedAt: OptionalTime;
  revokedAt: OptionalTime;
}

/** Dispenser and nozzle states reported through ingest (the latest is on the asset row). */
export interface AssetStateEventsTable {
  id: Id;
  organizationId: number;
  stationId: number;
  /** 'dispenser' | 'nozzle'. */
  kind: string;
  dispenserId: number;
  nozzleId: number | null;
  status: string;
  at: number;
  sourceId: string;
}

/** Notification platform (migration 0006): nullable on read, optional on insert. */
type NotifyNullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A notification environment: public application identifier, secret key (hash + ciphertext). */
export interface NotifyEnvironmentsTable {
  id: Id;
  organizationId: number;
  name: string;
  applicationIdentifier: string;
  /** SHA-256 (hex) of the secret key: what `Authorization: ApiKey …` is looked up by. */
  secretKeyHash: string;
  /** AES-256-GCM of the secret key (the subscriber HMAC needs the key itself). */
  secretKeyCiphertext: string;
  secretKeyHint: string;
  hmacRequired: Flag;
  createdAt: number;
  updatedAt: number;
  rotatedAt: NotifyNullable<number>;
  /** When the domain event workflows were created here (null: not yet; see migration 0020). */
  domainWorkflowsAt: NotifyNullable<number>;
}

export interface NotifySubscribersTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  /** The external id (users: their user id). */
  subscriberId: string;
  firstName: NotifyNullable<string>;
  lastName: NotifyNullable<string>;
  email: NotifyNullable<string>;
  phone: NotifyNullable<string>;
  avatar: NotifyNullable<string>;
  locale: NotifyNullable<string>;
  data: Json;
  channels: Json;
  isOnline: Flag;
  lastOnlineAt: NotifyNullable<number>;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyTopicsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  key: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** Notification tenants (migration 0017): per environment, by identifier; `data` is JSON. */
export interface NotifyTenantsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  identifier: string;
  name: string;
  data: Json;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyTopicSubscribersTable {
  topicId: number;
  /** notify_subscribers.id (internal). */
  subscriberId: number;
  environmentId: number;
  createdAt: number;
}

export interface NotifyFeedsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  identifier: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyWorkflowsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  triggerIdentifier: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  active: Flag;
  critical: Flag;
  /** JSON string[]. */
  tags: Json;
  /** JSON TWorkflowStep[]. */
  steps: Json;
  /** JSON {in_app?, email?, sms?, chat?, push?: boolean}. */
  preferenceSettings: Json;
  data: NotifyNullable<string>;
  /** high | medium | low | none (migration 0014). */
  severity: ColumnType<string, string | undefined, string>;
  createdAt: number;
  updatedAt: number;
}

/** One trigger (unique per environment and transaction id). */
export interface NotifyEventsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  transactionId: string;
  workflowId: number | null;
  triggerIdentifier: string;
  /** JSON snapshot of the workflow when triggered. */
  workflow: string;
  recipients: Json;
  payload: Json;
  overrides: Json;
  actor: NotifyNullable<string>;
  tenant: NotifyNullable<string>;
  /** web, cli or vercel (migration 0017); null for plain API calls. */
  source: NotifyNullable<string>;
  status: string;
  createdAt: number;
  canceledAt: NotifyNullable<number>;
}

export interface NotifyNotificationsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  eventId: number;
  workflowId: number | null;
  subscriberId: number;
  transactionId: string;
  payload: Json;
  status: string;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyJobsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  eventId: number;
  notificationId: number;
  subscriberId: number;
  workflowId: number | null;
  transactionId: string;
  stepId: string;
  stepIndex: number;
  /** The step type (a channel, digest, delay). */
  type: string;
  /** A job status (`JOB_STATUSES` in contracts). */
  status: string;
  attempts: Flag;
  error: NotifyNullable<string>;
  runAt: NotifyNullable<number>;
  digestKey: NotifyNullable<string>;
  /** A merged digest job: the lead job whose window it joined (migration 0008). */
  mergedInto: NotifyNullable<number>;
  /** A fired digest lead: the collected events as JSON (migration 0008). */
  digestEvents: NotifyNullable<string>;
  /** A running job: the process holding it and until when (epoch ms), renewed while it works (0015). */
  leaseOwner: NotifyNullable<string>;
  leaseExpiresAt: NotifyNullable<number>;
  createdAt: number;
  updatedAt: number;
}

export interface NotifyExecutionDetailsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  eventId: number | null;
  notificationId: number | null;
  jobId: number | null;
  subscriberId: number | null;
  workflowId: number | null;
  messageId: NotifyNullable<number>;
  transactionId: string;
  channel: NotifyNullable<string>;
  /** An execution code (`EXECUTION_CODES` in contracts). */
  code: number;
  status: string;
  detail: string;
  source: ColumnType<string, string | undefined, string>;
  raw: NotifyNullable<string>;
  createdAt: number;
}

export interface NotifyMessagesTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  subscriberId: number;
  notificationId: number;
  jobId: number;
  eventId: number;
  workflowId: number | null;
  feedId: number | null;
  channel: string;
  stepId: string;
  templateIdentifier: string;
  transactionId: string;
  content: string;
  subject: NotifyNullable<string>;
  /** JSON TWidgetCta. */
  cta: NotifyNullable<string>;
  payload: Json;
  /** JSON {type, data}. */
  actor: NotifyNullable<string>;
  actorSubscriberId: NotifyNullable<number>;
  status: ColumnType<string, string | undefined, string>;
  seen: Flag;
  read: Flag;
  archived: Flag;
  deleted: Flag;
  lastSeenAt: NotifyNullable<number>;
  lastReadAt: NotifyNullable<number>;
  archivedAt: NotifyNullable<number>;
  deletedAt: NotifyNullable<number>;
  /** Hidden from the inbox until this time (ms), then back unread (migration 0014). */
  snoozedUntil: NotifyNullable<number>;
  /** high | medium | low | none (migration 0014). */
  severity: ColumnType<string, string | undefined, string>;
  createdAt: number;
  updatedAt: number;
}

/** A provider integration (migration 0007); credentials are AES-256-GCM encrypted JSON. */
export interface NotifyIntegrationsTable {
  id: Id;
  environmentId: number;
  organizationId: number;
  providerId: string;
  channel: string;
  name: string;
  identifier: string;
  credentialsCiphertext: string;
  /** JSON string[]: the credential keys that hold a value. */
  credentialKeys: Json;
  active: Flag;
  isPrimary: Flag;
  priority: ColumnType<number, number | undefined, number>;
  createdAt: number;
  updatedAt: number;
}

/**
 * One send to a provider (a job's attempt through one integration, or a test send), written when
 * the vendor answered (migration 0013): the "sent" marker and the integration's last outcome.
 */
export interface NotifyDeliveryAttemptsTable {
  id: Id;
  organizationId: number;
  environmentId: number;
  integrationId: number;
  providerId: string;
  /** Null for a test send. */
  jobId: number | null;
  /** The integration id, plus a hash of the webhook for chat. */
  sendKey: string;
  attempt: number;
  /** 'sent' or 'failed'. */
  outcome: string;
  /** A failure: 'transient' or 'permanent'. */
  kind: string | null;
  detail: string;
  raw: string | null;
  vendorMessageId: string | null;
  retryAfterMs: number | null;
  /** 1 once its job settled (its execution detail is written). */
  settled: ColumnType<number, number | undefined, number>;
  createdAt: number;
}

/** A subscriber's preferences: workflowId 0 is the global row. */
export interface NotifySubscriberPreferencesTable {
  id: Id;
  environmentId: number;
  subscriberId: number;
  workflowId: number;
  enabled: Flag;
  /** JSON: only the channels the subscriber set. */
  channels: Json;
  createdAt: number;
  updatedAt: number;
}

/** A list's address-bar state saved under a name, per user and organisation (migration 0021). */
export interface SavedViewsTable {
  id: Id;
  organizationId: number;
  userId: number;
  /** The list's route, e.g. `/incidents` or `/stations/$slug/transactions`. */
  list: string;
  name: string;
  /** `name` trimmed and lower-cased: unique per user and list. */
  nameKey: string;
  /** JSON object: the list's search parameters (filters, sort, window). */
  search: string;
  createdAt: number;
  updatedAt: number;
}

/** A user's favourite stations (migration 0021). */
export interface StationPinsTable {
  organizationId: number;
  userId: number;
  stationId: number;
  createdAt: number;
}

/** The page a user chose to land on after signing in (migration 0021); no row: by role. */
export interface HomePagesTable {
  organizationId: number;
  userId: number;
  kind: string;
  stationId: number | null;
  viewId: number | null;
  updatedAt: number;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  membershipStations: MembershipStationsTable;
  stations: StationsTable;
  dispensers: DispensersTable;
  nozzles: NozzlesTable;
  fuelPrices: FuelPricesTable;
  customers: CustomersTable;
  personnel: PersonnelTable;
  transactions: TransactionsTable;
  payments: PaymentsTable;
  vehicles: VehiclesTable;
  vehicleSightings: VehicleSightingsTable;
  challans: ChallansTable;
  incidents: IncidentsTable;
  incidentEvents: IncidentEventsTable;
  files: FilesTable;
  loyaltyPrograms: LoyaltyProgramsTable;
  loyaltyTransactions: LoyaltyTransactionsTable;
  settlements: SettlementsTable;
  cards: CardsTable;
  cardActivationRequests: CardActivationRequestsTable;
  stationAccessRequests: StationAccessRequestsTable;
  stationProfiles: StationProfilesTable;
  stationReviews: StationReviewsTable;
  congestionSamples: CongestionSamplesTable;
  salesHourly: SalesHourlyTable;
  salesDaily: SalesDailyTable;
  sightingsDaily: SightingsDailyTable;
  customerSalesWeekly: CustomerSalesWeeklyTable;
  emailTokens: EmailTokensTable;
  outbox: OutboxTable;
  auditEvents: AuditEventsTable;
  appSecrets: AppSecretsTable;
  refreshTokens: RefreshTokensTable;
  sessionCutoffs: SessionCutoffsTable;
  stationApiKeys: StationApiKeysTable;
  assetStateEvents: AssetStateEventsTable;
  notifyEnvironments: NotifyEnvironmentsTable;
  notifySubscribers: NotifySubscribersTable;
  notifyTopics: NotifyTopicsTable;
  notifyTopicSubscribers: NotifyTopicSubscribersTable;
  notifyTenants: NotifyTenantsTable;
  notifyFeeds: NotifyFeedsTable;
  notifyWorkflows: NotifyWorkflowsTable;
  notifyEvents: NotifyEventsTable;
  notifyNotifications: NotifyNotificationsTable;
  notifyJobs: NotifyJobsTable;
  notifyExecutionDetails: NotifyExecutionDetailsTable;
  notifyMessages: NotifyMessagesTable;
  notifySubscriberPreferences: NotifySubscriberPreferencesTable;
  notifyIntegrations: NotifyIntegrationsTable;
  notifyDeliveryAttempts: NotifyDeliveryAttemptsTable;
  savedViews: SavedViewsTable;
  stationPins: StationPinsTable;
  homePages: HomePagesTable;
}

export type StationRow = Selectable<StationsTable>;
export type NewStation = Insertable<StationsTable>;
