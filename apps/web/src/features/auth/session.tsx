import type { TGrant } from '@forecourt/contracts';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type TSession } from '../../lib/credentials';

const NO_GRANTS: ReadonlySet<TGrant> = new Set();

/** The stored session (credentials, decoded token, grants); re-renders when it changes, in any tab. */
export function useSession(): TSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The caller's grants (`stations:r`, `members:u`, …) expanded from the token's scope. */
export function useGrants(): ReadonlySet<TGrant> {
  return useSession()?.grants ?? NO_GRANTS;
}

/** Whether the caller holds `grant`. The UI hides what this says no to; the server enforces it. */
export function useCan(grant: TGrant): boolean {
  return useGrants().has(grant);
}

/** Renders `children` only for a caller holding `grant` (else `fallback`, nothing by default). */
export function Can({
  grant,
  children,
  fallback = null,
}: {
  grant: TGrant;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(grant) ? children : fallback;
}
