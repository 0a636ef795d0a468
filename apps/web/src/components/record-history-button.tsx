import type { TAuditEntry } from '@forecourt/contracts';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { AuditTrail } from './audit-trail';
import { ErrorState, LoadingState } from './query-states';

/**
 * "History" for a record shown in a list row (access requests, staff, reviews): opens a dialog
 * that loads the record's detail and shows its audit trail (who did what, when). Loaded when
 * opened, and again on every opening, so a change made a moment ago is there.
 */
export function RecordHistoryButton({
  title,
  label,
  queryKey,
  load,
  describe,
}: {
  /** Dialog title, e.g. "History of Meena Iyer". */
  title: string;
  /** Accessible name of the button when the row needs one more specific than "History". */
  label?: string;
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<{ audit: TAuditEntry[] }>;
  describe?: (entry: TAuditEntry) => string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={open}
        aria-label={label ?? title}
      >
        History
      </Button>
      <Modal opened={opened} onClose={close} title={title} size="lg">
        {opened ? <HistoryBody queryKey={queryKey} load={load} describe={describe} /> : null}
      </Modal>
    </>
  );
}

function HistoryBody({
  queryKey,
  load,
  describe,
}: {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<{ audit: TAuditEntry[] }>;
  describe?: ((entry: TAuditEntry) => string) | undefined;
}) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), refetchOnMount: 'always' });
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load the history"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) return <LoadingState label="Loading the history…" />;
  return <AuditTrail entries={query.data.audit} {...(describe ? { describe } : {})} title="Changes" />;
}
