import { Button, Group, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { retryVerification } from '../api';
import { describeAuthError } from '../errors';
import { useCooldown } from '../use-cooldown';

/** "Resend verification" (POST /api/auth/email/retry-verification) with what came of it. */
export function ResendVerification({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const mutation = useMutation({ mutationFn: retryVerification });
  const cooldown = useCooldown(mutation.error);
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        size={size}
        variant="default"
        leftSection={<IconMailForward size={14} aria-hidden />}
        onClick={() => mutation.mutate()}
        loading={mutation.isPending}
        disabled={cooldown > 0}
      >
        Resend verification
      </Button>
      <Text size="sm" role="status" c={mutation.isError ? 'red' : undefined}>
        {mutation.isSuccess && 'A new link is on its way; older links no longer work.'}
        {mutation.isError && describeAuthError(mutation.error, 'verify', cooldown)}
      </Text>
    </Group>
  );
}
