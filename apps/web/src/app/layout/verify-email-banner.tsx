import { Alert, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useMe } from '../../features/auth/queries';

/** Loaded only for the few users who see the banner (it brings mutations and error wording along). */
const ResendVerification = lazy(() =>
  import('../../features/auth/components/resend-verification').then((module) => ({
    default: module.ResendVerification,
  })),
);

/** Above every page while the user's email address is not confirmed yet. */
export function VerifyEmailBanner() {
  const me = useMe();
  if (!me.data || me.data.emailVerified) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconMailExclamation aria-hidden />}
      title="Confirm your email address"
      mb="md"
      data-testid="verify-email-banner"
    >
      <Stack gap="xs">
        <Text size="sm">
          We sent a link to <strong>{me.data.email}</strong>. Open it to confirm the address; it is where
          password resets go.
        </Text>
        <Suspense fallback={null}>
          <ResendVerification />
        </Suspense>
      </Stack>
    </Alert>
  );
}
