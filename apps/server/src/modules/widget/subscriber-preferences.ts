import type { SubscriberPreferencesReader } from '../notify/notify.deps';
import { getGlobalPreferences, getPreferences } from './widget.service';

/** A subscriber's preferences as its inbox shows them (the activity view's, passed in by the wiring). */
export const readSubscriberPreferences: SubscriberPreferencesReader = async (deps, subscriber) => {
  const session = { subscriber };
  const [workflows, [global]] = await Promise.all([
    getPreferences(deps, session),
    getGlobalPreferences(deps, session),
  ]);
  return { global: global?.preference ?? null, workflows };
};
