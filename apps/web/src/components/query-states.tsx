import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError, ContractError } from '../lib/http';

/** The three states every query screen has besides its data: loading, failed and empty. */

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

/** A sentence a person can act on, whatever went wrong. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof ContractError)
    return 'The server answered in an unexpected format. Reload the page to update the app.';
  return 'Something went wrong in the app.';
}

export function ErrorState({
  title,
  error,
  message,
  onRetry,
  isRetrying,
}: {
  title: string;
  error?: unknown;
  /** Overrides the sentence derived from `error`. */
  message?: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Alert variant="light" color="red" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message ?? describeError(error)}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
            loading={isRetrying}
          >
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyResult({
  title,
  description,
  icon,
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconMoodEmpty size={28} stroke={1.5} aria-hidden />}
      withIndicatorBackground
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
