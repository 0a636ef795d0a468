import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe } from './api';
import { useSession } from './session';

export const sessionKeys = {
  all: ['session'] as const,
  me: (userId: string) => [...sessionKeys.all, 'me', userId] as const,
};

/** The session query is cached indefinitely (it changes only through the app itself). */
export function meQueryOptions(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.me(userId),
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Who is signed in: name, email, organisation, role, verification state. */
export function useMe() {
  const userId = useSession()?.payload?.sub ?? '';
  return useQuery({ ...meQueryOptions(userId), enabled: userId !== '' });
}
