import { ZOAuthProvider } from '@forecourt/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AnchorLink } from '../../components/links';
import { finishProviderSignIn } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { describeAuthError } from '../../features/auth/errors';
import { saveCredentials } from '../../lib/credentials';
import { signedInDestination } from '../../lib/redirect';

export const Route = createLazyRoute('/login/oauth/$provider')({ component: ProviderCallbackPage });

const NAMES = { google: 'Google', github: 'GitHub' } as const;

/**
 * /login/oauth/<provider>: where Google or GitHub send the browser back. Hands the answer to the
 * server once, stores the session like a password login and moves on (organisation signup for a
 * user without one).
 */
function ProviderCallbackPage() {
  const { provider: raw } = Route.useParams();
  const provider = ZOAuthProvider.safeParse(raw);
  const name = provider.success ? NAMES[provider.data] : 'the provider';
  useDocumentTitle(`Signing in with ${name} · Forecourt`);
  const navigate = useNavigate();
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: (query: string) => finishProviderSignIn(provider.success ? provider.data : 'google', query),
    onSuccess: (answer) => {
      saveCredentials(answer);
      navigate({ href: signedInDestination(), replace: true });
    },
  });
  const { mutate } = mutation;

  useEffect(() => {
    // The answer can be used once: never post it twice (StrictMode runs effects twice).
    if (started.current || !provider.success) return;
    started.current = true;
    mutate(searchStr);
  }, [mutate, provider.success, searchStr]);

  const failed = !provider.success || mutation.isError;
  return (
    <AuthCard title={`Signing in with ${name}`}>
      {failed ? (
        <Stack gap="sm">
          <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Text size="sm">
              {provider.success
                ? describeAuthError(mutation.error, 'login')
                : 'This sign-in provider is not known.'}
            </Text>
          </Alert>
          <AnchorLink to="/login" search={{}}>
            Back to sign in
          </AnchorLink>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Checking your {name} account…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
