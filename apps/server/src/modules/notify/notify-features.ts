import { AppError } from '../../lib/app-error';

/**
 * Feature flags of the notification platform, read from NOTIFY_FEATURES (a comma list of the
 * features that are on; unset: all on). Each is honoured where it acts:
 * - `template-store`: the workflow template store (`/workflow-templates`); off → 404 FEATURE_DISABLED.
 * - `topic-notification`: triggers may name topics; off → topics are not notified (detail 4001).
 * - `multi-tenancy`: the tenants API and tenants in triggers; off → 404 FEATURE_DISABLED, `tenant` ignored.
 * - `merged-digest-id`: a digest event merged into an open window records the lead job's id and
 *   the lead collects exactly those; off → nothing is recorded and the lead collects the merged
 *   events of its group and subscriber created while its window was open.
 */
export const NOTIFY_FEATURES = [
  'template-store',
  'topic-notification',
  'multi-tenancy',
  'merged-digest-id',
] as const;
export type NotifyFeature = (typeof NOTIFY_FEATURES)[number];
export type NotifyFeatures = Record<NotifyFeature, boolean>;

export const ALL_FEATURES: NotifyFeatures = {
  'template-store': true,
  'topic-notification': true,
  'multi-tenancy': true,
  'merged-digest-id': true,
};

const LABELS: Record<NotifyFeature, string> = {
  'template-store': 'The workflow template store',
  'topic-notification': 'Topic notifications',
  'multi-tenancy': 'Multi-tenancy (tenants)',
  'merged-digest-id': 'The merged digest id',
};

/** Parses NOTIFY_FEATURES; throws on an unknown name so a typo does not silently turn things off. */
export function parseNotifyFeatures(value: string | undefined): NotifyFeatures {
  if (value === undefined) return { ...ALL_FEATURES };
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(NOTIFY_FEATURES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`NOTIFY_FEATURES: unknown feature ${unknown.join(', ')}`);
  return Object.fromEntries(NOTIFY_FEATURES.map((name) => [name, names.includes(name)])) as NotifyFeatures;
}

/** 404 FEATURE_DISABLED when `feature` is turned off on this deployment. */
export function requireFeature(features: NotifyFeatures, feature: NotifyFeature | undefined): void {
  if (feature === undefined || features[feature]) return;
  throw new AppError(
    'FEATURE_DISABLED',
    `${LABELS[feature]} is turned off on this server (NOTIFY_FEATURES does not list ${feature})`,
  );
}
