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

/**
 * Whether asking again could give another answer: a lost connection or a server fault may pass; a
 * refusal (4xx: forbidden, not found, invalid) or an answer the app cannot read will not.
 */
export function retryCanHelp(error: unknown): boolean {
  if (error instanceof ApiError) return error.isTransient;
  return !(error instanceof ContractError);
}

/** What a screen reads from its query to tell a failure. */
type TFailingQuery = { isError: boolean; error: unknown; failureReason?: unknown };

/**
 * The failure to show now, or null: the final error, or — while an automatic retry waits — the
 * failed attempt, so a server error shows at once rather than after every retry.
 */
export function currentFailure(query: TFailingQuery): { error: unknown; retrying: boolean } | null {
  if (query.isError) return { error: query.error, retrying: false };
  if (query.failureReason != null) return { error: query.failureReason, retrying: true };
  return null;
}

export function ErrorState({
  title,
  error,
  message,
  onRetry,
  isRetrying,
  autoRetrying,
}: {
  title: string;
  error?: unknown;
  /** Overrides the sentence derived from `error`. */
  message?: string;
  /** Offered only when retrying could help (see {@link retryCanHelp}). */
  onRetry?: () => void;
  isRetrying?: boolean;
  /** An automatic retry is pending: say so instead of offering the button. */
  autoRetrying?: boolean;
}) {
  const offerRetry = onRetry && !autoRetrying && (error === undefined || retryCanHelp(error));
  return (
    <Alert variant="light" color="red" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message ?? describeError(error)}</Text>
        {autoRetrying && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Retrying…
            </Text>
          </Group>
        )}
        {offerRetry && (
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
