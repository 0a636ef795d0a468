import { REQUEST_STATUSES, type TStationAccessRequestItem } from '@forecourt/contracts';
import { Alert, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import type { TColumn } from '../../../components/data-table';
import type { TFilterField } from '../../../components/filter-bar';
import { AnchorLink } from '../../../components/links';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { PageHeader } from '../../../components/page-header';
import { RecordHistoryButton } from '../../../components/record-history-button';
import { formatDateTime } from '../../../lib/format';
import { toListParams } from '../../../lib/list-params';
import { describeAuthError, useCan } from '../../auth';
import { accessRequestsCsvUrl, fetchAccessRequest } from '../api';
import { REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS } from '../labels';
import { accessRequestKeys, useAccessRequestActions, useAccessRequestList } from '../queries';
import { ACCESS_REQUEST_FILTER_KEYS, type TAccessRequestsSearch } from '../search';
import { RejectRequestModal } from './reject-request-modal';
import { RequestAccessModal } from './request-access-modal';

type TRow = TStationAccessRequestItem;

const FILTERS: TFilterField[] = [
  {
    kind: 'multi',
    key: 'status',
    label: 'Status',
    placeholder: 'Any status',
    options: REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] })),
  },
];

/**
 * /access-requests: members see their own requests and ask for a station they lack; admins
 * (`members:u`) see every request of the organisation and approve or reject the pending ones.
 */
export function AccessRequestsScreen({ search }: { search: TAccessRequestsSearch }) {
  const canDecide = useCan('members:u');
  const canRequest = useCan('requests:c');
  const params = toListParams(search, ACCESS_REQUEST_FILTER_KEYS);
  const query = useAccessRequestList(params);
  const { decide, cancel } = useAccessRequestActions();
  const [asking, setAsking] = useState(false);
  const [rejecting, setRejecting] = useState<TRow | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);

  const columns = ((): TColumn<TRow, 'createdAt' | 'updatedAt'>[] => {
    const approve = (row: TRow) =>
      decide.mutate(
        { id: row.id, decision: { status: 'approved' } },
        {
          onSuccess: () =>
            setNotice(
              <>
                Approved: <strong>{row.requesterName}</strong> can now see <strong>{row.stationName}</strong>.
              </>,
            ),
        },
      );
    const withdraw = (row: TRow) =>
      cancel.mutate(row.id, {
        onSuccess: () => setNotice(`Your request for ${row.stationName} is withdrawn.`),
      });
    const busy = (row: TRow) =>
      (decide.isPending && decide.variables?.id === row.id) ||
      (cancel.isPending && cancel.variables === row.id);
    return [
      {
        key: 'createdAt',
        header: 'Requested',
        sort: 'createdAt',
        nowrap: true,
        cell: (row) => formatDateTime(row.createdAt),
      },
      {
        key: 'station',
        header: 'Station',
        cell: (row) =>
          row.status === 'approved' ? (
            <AnchorLink to="/stations/$slug" params={{ slug: row.stationSlug }} fw={500}>
              {row.stationName}
            </AnchorLink>
          ) : (
            <Text size="sm" fw={500}>
              {row.stationName}
            </Text>
          ),
      },
      ...(canDecide
        ? [
            {
              key: 'requester',
              header: 'Requester',
              cell: (row: TRow) => (
                <Stack gap={0}>
                  <Text size="sm">{row.requesterName}</Text>
                  <Text size="xs" c="dimmed">
                    {row.requesterEmail}
                  </Text>
                </Stack>
              ),
            },
          ]
        : []),
      {
        key: 'message',
        header: 'Message',
        cell: (row) => (
          <Text size="sm" c={row.message ? undefined : 'dimmed'} lineClamp={2}>
            {row.message ?? '—'}
          </Text>
        ),
      },
      {
        key: 'status',
        header: 'Status',
        nowrap: true,
        cell: (row) => (
          <Stack gap={2} align="flex-start">
            <Badge
              variant="light"
              color={REQUEST_STATUS_COLORS[row.status]}
              style={{ minWidth: 'max-content', flexShrink: 0 }}
            >
              {REQUEST_STATUS_LABELS[row.status]}
            </Badge>
            {row.reason && (
              <Text size="xs" c="dimmed" lineClamp={2} maw={220} style={{ whiteSpace: 'normal' }}>
                {row.reason}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'decided',
        header: 'Decided',
        sort: 'updatedAt',
        nowrap: true,
        cell: (row) =>
          row.decidedAt ? (
            <Stack gap={0}>
              <Text size="sm">{formatDateTime(row.decidedAt)}</Text>
              {row.decidedByName && (
                <Text size="xs" c="dimmed">
                  by {row.decidedByName}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ),
      },
      {
        key: 'actions',
        header: <VisuallyHidden>Actions</VisuallyHidden>,
        nowrap: true,
        cell: (row) => {
          const history = (
            <RecordHistoryButton
              title={`History of ${row.requesterName}'s request for ${row.stationName}`}
              queryKey={accessRequestKeys.detail(row.id)}
              load={(signal) => fetchAccessRequest(row.id, signal)}
            />
          );
          if (row.status !== 'pending') return history;
          if (canDecide)
            return (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  color="green"
                  loading={busy(row) && decide.isPending}
                  onClick={() => approve(row)}
                  aria-label={`Approve ${row.requesterName}'s request for ${row.stationName}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setRejecting(row)}
                  aria-label={`Reject ${row.requesterName}'s request for ${row.stationName}`}
                >
                  Reject
                </Button>
                {history}
              </Group>
            );
          return (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                loading={busy(row)}
                onClick={() => withdraw(row)}
                aria-label={`Withdraw the request for ${row.stationName}`}
              >
                Withdraw
              </Button>
              {history}
            </Group>
          );
        },
      },
    ];
  })();

  const writeError = decide.error ?? cancel.error;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Access requests"
        description={
          canDecide
            ? 'Members ask here for stations they cannot see yet; approving adds the station to their access.'
            : 'Ask for a station of your organisation you cannot see yet; an admin decides.'
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <CsvDownloadButton url={accessRequestsCsvUrl(params)} fallbackName="access-requests.csv" />
            {canRequest && !canDecide && (
              <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setAsking(true)}>
                Request access
              </Button>
            )}
          </Group>
        }
      />
      {notice && (
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          role="status"
        >
          {notice}
        </Alert>
      )}
      {writeError && !rejecting && (
        <Alert variant="light" color="red" role="alert" title="That did not work">
          {describeAuthError(writeError, 'general')}
        </Alert>
      )}
      <KeysetListScreen
        title={canDecide ? 'All requests' : 'Your requests'}
        description="Newest first. Filters apply to the CSV download too."
        noun={{ one: 'request', other: 'requests' }}
        filters={FILTERS}
        search={search}
        defaultSort="-createdAt"
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        testId="access-requests"
        minWidth={860}
        empty={{
          title: 'No access requests',
          description: canDecide
            ? 'Requests from members appear here.'
            : 'Use “Request access” to ask for another station.',
        }}
      />
      <RequestAccessModal
        opened={asking}
        onClose={() => setAsking(false)}
        onRequested={(name) => setNotice(`Your request for ${name} was sent to the admins.`)}
      />
      <RejectRequestModal
        request={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(row) => setNotice(`Rejected ${row.requesterName}'s request for ${row.stationName}.`)}
      />
    </Stack>
  );
}
