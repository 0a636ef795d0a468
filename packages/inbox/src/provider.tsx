import { createInboxClient, type InboxClientOptions } from '@forecourt/inbox-core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { type InboxClientLike, InboxContext, type InboxContextValue } from './context';
import { en } from './i18n/en';
import type { InboxTranslations } from './i18n/types';

export type InboxI18n = {
  /** BCP 47 code used for dates and relative times (default `en`). */
  locale?: string;
  /** Strings that replace the English ones. */
  translations?: Partial<InboxTranslations>;
};

export type InboxProviderProps = {
  applicationIdentifier: string | null | undefined;
  subscriberId: string | null | undefined;
  subscriberHash?: string | null;
  backendUrl: string;
  socketUrl?: string;
  i18n?: InboxI18n;
  /** Further client options (stores, page size, …); read when the client is created. */
  clientOptions?: Omit<InboxClientOptions, 'backendUrl' | 'socketUrl'>;
  /** Builds the client; tests pass a fake. Default {@link createInboxClient}. */
  createClient?: (options: InboxClientOptions) => InboxClientLike;
  children?: ReactNode;
};

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
  clientOptions,
  createClient = createInboxClient,
  children,
}: InboxProviderProps) {
  // Constructing a client does no I/O, so it is safe during render (and on the server).
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are read once per URL pair by design
  const client = useMemo(
    () => createClient({ ...clientOptions, backendUrl, ...(socketUrl ? { socketUrl } : {}) }),
    [backendUrl, socketUrl],
  );

  useEffect(() => {
    void client.configure({ applicationIdentifier, subscriberId, subscriberHash }).catch(() => {});
  }, [client, applicationIdentifier, subscriberId, subscriberHash]);

  useEffect(() => () => client.destroy(), [client]);

  const locale = i18n?.locale ?? 'en';
  const translations = i18n?.translations;
  const value = useMemo<InboxContextValue>(
    () => ({ client, locale, t: translations ? { ...en, ...translations } : en }),
    [client, locale, translations],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}
