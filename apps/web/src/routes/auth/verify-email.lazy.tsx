import { Alert, Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ButtonLink } from '../../components/links';
import { LoadingState } from '../../components/query-states';
import { verifyEmail } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { FormError } from '../../features/auth/components/form-error';
import { ResendVerification } from '../../features/auth/components/resend-verification';
import { sessionKeys } from '../../features/auth/queries';
import { useSession } from '../../features/auth/session';
import { isApiError } from '../../lib/http';
import { HOME_PATH } from '../../lib/redirect';

export const Route = createLazyRoute('/verify-email')({ component: VerifyEmailPage });

/**
 * /verify-email?token=…: confirms the address with the mail's token as the bearer. Sent once per
 * token (a query, so a re-render or a second mount does not spend the single-use token twice).
 */
function VerifyEmailPage() {
  useDocumentTitle('Confirm your email · Forecourt');
  const { token } = Route.useSearch();
  const session = useSession();
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    // The profile and the banner learn about it.
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [verification.isSuccess, queryClient]);

  const continueAction = session ? (
    <ButtonLink to={HOME_PATH} fullWidth>
      Continue to Forecourt
    </ButtonLink>
  ) : (
    <ButtonLink to="/login" search={{}} fullWidth>
      Sign in
    </ButtonLink>
  );

  if (!token) {
    return (
      <AuthCard title="Confirm your email">
        <Alert variant="light" color="red" role="alert">
          This link is incomplete. Open the link from the email again.
        </Alert>
        {session ? <ResendVerification size="sm" /> : continueAction}
      </AuthCard>
    );
  }

  if (verification.isPending) {
    return (
      <AuthCard title="Confirm your email">
        <LoadingState label="Confirming your email…" />
      </AuthCard>
    );
  }

  if (verification.isError) {
    const expired = isApiError(verification.error, 'INVALID_TOKEN');
    return (
      <AuthCard title="Confirm your email">
        <FormError error={verification.error} context="verify">
          {expired && !session && 'Sign in to ask for a new link.'}
        </FormError>
        <Stack gap="sm">
          {expired && session && <ResendVerification size="sm" />}
          {!expired && (
            <Button variant="default" onClick={() => verification.refetch()}>
              Try again
            </Button>
          )}
          {continueAction}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email confirmed">
      <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
        Thank you: your email address is confirmed.
      </Alert>
      {continueAction}
    </AuthCard>
  );
}
