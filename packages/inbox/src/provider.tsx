import { createInboxClient, type InboxClientOptions } from '@forecourt/inbox-core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type InboxClientLike, InboxContext, type InboxContextValue, type InboxTab } from './context';
import { en } from './i18n/en';
import { isRtlLanguage, loadInboxTranslations } from './i18n/load';
import type { InboxTranslations } from './i18n/types';

export type InboxI18n = {
  /** Interface language code (one of the 72 bundled, default `en`); loaded on demand. */
  language?: string;
  /** BCP 47 code used for dates and relative times (default: the language). */
  locale?: string;
  /** Strings that replace those of the language (a complete object makes a custom language). */
  translations?: Partial<InboxTranslations>;
};

export type InboxProviderProps = {
  applicationIdentifier: string | null | undefined;
  subscriberId: string | null | undefined;
  subscriberHash?: string | null;
  backendUrl: string;
  socketUrl?: string;
  i18n?: InboxI18n;
  /**
   * Stores shown as tabs (store id, query filter and tab label); the first is active at start.
   * Default one store, `default_store`, and no tabs.
   */
  stores?: InboxTab[];
  /** Opens a message's or a button's URL (default: the browser navigates to it). */
  onUrlChange?: (url: string) => void;
  /**
   * The tone of a message (see InboxMessageTone), called as each item renders; keep it stable
   * (memoised) as a new function re-renders the feed.
   */
  messageTone?: InboxContextValue['messageTone'];
  /** Further client options (page size, …); read when the client is created. */
  clientOptions?: Omit<InboxClientOptions, 'backendUrl' | 'socketUrl' | 'stores'>;
  /** Builds the client; tests pass a fake. Default {@link createInboxClient}. */
  createClient?: (options: InboxClientOptions) => InboxClientLike;
  children?: ReactNode;
};

const navigate = (url: string) => {
  if (typeof window !== 'undefined') window.location.assign(url);
};

/** The chosen language's strings once loaded (English until then, and if it fails to load). */
function useLanguage(language: string): { language: string; t: InboxTranslations } {
  const [loaded, setLoaded] = useState<{ language: string; t: InboxTranslations }>({ language: 'en', t: en });
  useEffect(() => {
    if (language === 'en') return;
    let live = true;
    loadInboxTranslations(language).then(
      (t) => {
        if (live) setLoaded({ language, t });
      },
      (error: unknown) => console.warn(`Inbox language "${language}" could not be loaded`, error),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return loaded.language === language ? loaded : { language: 'en', t: en };
}

/**
 * Owns one inbox client for its subtree. A change of identity reconfigures it (the session is
 * torn down and started again); a change of URL creates a new client; unmounting destroys it, so
 * the stored token and the socket go with it.
 */
export function InboxProvider({
  applicationIdentifier,
  subscriberId,
  subscriberHash,
  backendUrl,
  socketUrl,
  i18n,
  stores,
  onUrlChange = navigate,
  messageTone,
  clientOptions,
  createClient = createInboxClient,
  children,
}: InboxProviderProps) {
  const storesKey = JSON.stringify(stores ?? null);
  // Constructing a client does no I/O, so it is safe during render (and on the server).
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are read once per URL pair by design
  const client = useMemo(
    () =>
      createClient({
        ...clientOptions,
        ...(stores?.length ? { stores: stores.map(({ storeId, query }) => ({ storeId, query })) } : {}),
        backendUrl,
        ...(socketUrl ? { socketUrl } : {}),
      }),
    [backendUrl, socketUrl],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (storesKey)
  useEffect(() => {
    if (stores?.length)
      void client.setStores(stores.map(({ storeId, query }) => ({ storeId, query }))).catch(() => {});
  }, [client, storesKey]);

  useEffect(() => {
    void client.configure({ applicationIdentifier, subscriberId, subscriberHash }).catch(() => {});
  }, [client, applicationIdentifier, subscriberId, subscriberHash]);

  useEffect(() => () => client.destroy(), [client]);

  const loaded = useLanguage(i18n?.language ?? 'en');
  const locale = i18n?.locale ?? i18n?.language ?? 'en';
  const translations = i18n?.translations;
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (storesKey)
  const tabLabels = useMemo(
    () => Object.fromEntries((stores ?? []).flatMap((tab) => (tab.label ? [[tab.storeId, tab.label]] : []))),
    [storesKey],
  );
  const value = useMemo<InboxContextValue>(
    () => ({
      client,
      locale,
      language: loaded.language,
      dir: isRtlLanguage(loaded.language) ? 'rtl' : 'ltr',
      t: translations ? { ...loaded.t, ...translations } : loaded.t,
      tabLabels,
      onUrlChange,
      messageTone,
    }),
    [client, locale, loaded, translations, tabLabels, onUrlChange, messageTone],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}
