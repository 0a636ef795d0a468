import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeAuthError, type TAuthErrorContext } from '../errors';

/** A failed submission, read out by screen readers as it appears; `children` offers a way on. */
export function FormError({
  error,
  context,
  secondsLeft,
  children,
}: {
  error: unknown;
  context: TAuthErrorContext;
  secondsLeft?: number;
  children?: ReactNode;
}) {
  if (!error) return null;
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="form-error"
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm">{describeAuthError(error, context, secondsLeft)}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
