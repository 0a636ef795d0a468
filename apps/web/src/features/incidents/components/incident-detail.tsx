import type { TIncidentDetail, TIncidentEvent, TSlaTimer, TStoredFile } from '@forecourt/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconFile, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { BackLink } from '../../../components/links';
import { PageHeader } from '../../../components/page-header';
import { ErrorState } from '../../../components/query-states';
import { RecordQuery } from '../../../components/record-states';
import { saveBlob } from '../../../lib/download';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useCan } from '../../auth';
import { fetchFileBlob } from '../api';
import {
  INCIDENT_GROUP_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  SLA_STATE_COLORS,
  TRANSITION_LABELS,
} from '../labels';
import { useAssignees, useFileBlob, useIncident, useIncidentActions } from '../queries';
import { IncidentSeverityBadge, IncidentStatusBadge, SlaBadge } from './incident-badges';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';
const MAX_BYTES = 10 * 1024 * 1024;

/** /incidents/$id: the incident, its SLA, what can be done with it, evidence and the timeline. */
export function IncidentDetailScreen({ id }: { id: number }) {
  const query = useIncident(id);
  const back = <BackLink to="/incidents">All incidents</BackLink>;
  return (
    <RecordQuery
      query={query}
      back={back}
      noun="incident"
      notFound="It does not exist or is at a station you cannot see."
    >
      {(incident) => <IncidentDetailView incident={incident} back={back} />}
    </RecordQuery>
  );
}

function IncidentDetailView({ incident, back }: { incident: TIncidentDetail; back: React.ReactNode }) {
  const canUpdate = useCan('incidents:u');
  const canUpload = useCan('files:c') && canUpdate;
  const actions = useIncidentActions(incident.id);
  const closed = incident.status === 'closed';
  const failure =
    actions.transition.error ?? actions.assign.error ?? actions.note.error ?? actions.upload.error ?? null;

  return (
    <Stack gap="lg">
      <PageHeader
        before={back}
        title={`#${incident.number} ${incident.title}`}
        description={`${incident.stationName} · ${INCIDENT_TYPE_LABELS[incident.type]} · ${INCIDENT_GROUP_LABELS[incident.group]} · opened ${formatDateTime(incident.openedAt)}`}
        actions={
          <Group gap="xs">
            <IncidentSeverityBadge severity={incident.severity} />
            <IncidentStatusBadge status={incident.status} />
            <SlaBadge incident={incident} />
          </Group>
        }
      />
      {failure && <ErrorState title="That did not work" error={failure} />}
      {incident.description && <Text>{incident.description}</Text>}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Status
            </Title>
            {canUpdate && incident.allowedTransitions.length > 0 ? (
              <Group gap="xs">
                {incident.allowedTransitions.map((to) => (
                  <Button
                    key={to}
                    variant={to === 'open' ? 'default' : 'light'}
                    loading={actions.transition.isPending && actions.transition.variables?.to === to}
                    disabled={actions.transition.isPending}
                    onClick={() => actions.transition.mutate({ to })}
                  >
                    {TRANSITION_LABELS[to]}
                  </Button>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {canUpdate ? 'No further steps.' : 'You can view this incident but not change it.'}
              </Text>
            )}
            <AssigneePicker incident={incident} enabled={canUpdate && !closed} actions={actions} />
          </Stack>
        </Card>
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              SLA ({INCIDENT_SEVERITY_LABELS[incident.severity]})
            </Title>
            <SlaRow label="Acknowledge by" timer={incident.sla.acknowledge} />
            <SlaRow label="Resolve by" timer={incident.sla.resolve} />
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Evidence
          </Title>
          {incident.evidence.length === 0 ? (
            <Text size="sm" c="dimmed">
              No photos or files yet.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {incident.evidence.map((file) => (
                <EvidenceTile key={file.id} file={file} />
              ))}
            </SimpleGrid>
          )}
          {canUpload && !closed && (
            <EvidenceUpload
              uploading={actions.upload.isPending}
              onFile={(file) => actions.upload.mutate(file)}
            />
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Timeline
          </Title>
          {canUpdate && !closed && (
            <NoteForm pending={actions.note.isPending} onSubmit={actions.note.mutateAsync} />
          )}
          <Timeline bulletSize={14} lineWidth={2} data-testid="incident-timeline">
            {incident.timeline.map((event) => (
              <Timeline.Item key={event.id} title={eventTitle(event)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.at)} · {event.actor?.name ?? 'System'}
                </Text>
                {eventText(event) && <Text size="sm">{eventText(event)}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      </Card>
    </Stack>
  );
}

function SlaRow({ label, timer }: { label: string; timer: TSlaTimer }) {
  const span = (ms: number) => formatDuration(Math.abs(ms), { maxUnits: 2, style: 'short' });
  const state =
    timer.remainingMs === null
      ? timer.state === 'met'
        ? 'Met'
        : 'Breached'
      : timer.state === 'overdue'
        ? `Overdue by ${span(timer.remainingMs)}`
        : `${span(timer.remainingMs)} left`;
  return (
    <Group justify="space-between" gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(timer.dueAt)}
        </Text>
      </Stack>
      <Badge variant="light" color={SLA_STATE_COLORS[timer.state]} tt="none">
        {state}
      </Badge>
    </Group>
  );
}

function AssigneePicker({
  incident,
  enabled,
  actions,
}: {
  incident: TIncidentDetail;
  enabled: boolean;
  actions: ReturnType<typeof useIncidentActions>;
}) {
  const assignees = useAssignees(incident.stationId, enabled);
  const options = [
    { value: '', label: 'Unassigned' },
    ...(assignees.data?.results ?? []).map((person) => ({ value: String(person.id), label: person.name })),
  ];
  if (incident.assignee && !options.some((option) => option.value === String(incident.assignee?.id))) {
    options.push({ value: String(incident.assignee.id), label: incident.assignee.name });
  }
  if (!enabled) {
    return (
      <Text size="sm">
        Assignee: <strong>{incident.assignee?.name ?? 'Unassigned'}</strong>
      </Text>
    );
  }
  return (
    <Select
      label="Assignee"
      data={options}
      value={incident.assignee ? String(incident.assignee.id) : ''}
      onChange={(value) => actions.assign.mutate(value ? Number(value) : null)}
      disabled={actions.assign.isPending}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No member can work at this station"
    />
  );
}

function NoteForm({ pending, onSubmit }: { pending: boolean; onSubmit: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        onSubmit(text.trim()).then(
          () => setText(''),
          () => undefined,
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Add a note"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={3}
          maxLength={2000}
        />
        <Group>
          <Button type="submit" loading={pending} disabled={!text.trim()}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Drop a file on the area, or choose one with the (keyboard reachable) button. */
function EvidenceUpload({ uploading, onFile }: { uploading: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) return setProblem('Files are limited to 10 MiB.');
    if (!ACCEPT.split(',').includes(file.type))
      return setProblem('Choose an image (PNG, JPEG, GIF, WebP) or a PDF.');
    setProblem(null);
    onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="evidence-dropzone"
      style={{
        borderStyle: 'dashed',
        background: dragging ? 'var(--mantine-color-default-hover)' : undefined,
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack gap="xs" align="center">
        <Text size="sm" c="dimmed">
          Drop a photo or PDF here (up to 10 MiB), or
        </Text>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          aria-label="Evidence file"
          style={{ display: 'none' }}
          onChange={(event) => {
            take(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <Button
          variant="light"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={uploading}
          onClick={() => input.current?.click()}
        >
          Choose a file
        </Button>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function EvidenceTile({ file }: { file: TStoredFile }) {
  const isImage = file.contentType.startsWith('image/');
  const blob = useFileBlob(file.id, isImage);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  const open = async () => saveBlob(await fetchFileBlob(file.id), file.filename);
  return (
    <Stack gap={4}>
      {isImage ? (
        url ? (
          <Image src={url} alt={file.filename} radius="sm" h={120} fit="cover" />
        ) : (
          <Paper withBorder h={120} radius="sm" />
        )
      ) : (
        <Paper withBorder h={120} radius="sm">
          <Stack align="center" justify="center" h="100%">
            <IconFile size={32} aria-hidden />
          </Stack>
        </Paper>
      )}
      <Anchor component="button" type="button" size="xs" onClick={open} ta="left" lineClamp={1}>
        {file.filename}
      </Anchor>
    </Stack>
  );
}

function eventTitle(event: TIncidentEvent): string {
  switch (event.kind) {
    case 'opened':
      return 'Opened';
    case 'acknowledged':
    case 'resolved':
    case 'closed':
      return INCIDENT_STATUS_LABELS[event.kind];
    case 'reopened':
      return 'Reopened';
    case 'assigned':
      return typeof event.data.assigneeName === 'string'
        ? `Assigned to ${event.data.assigneeName}`
        : 'Unassigned';
    case 'comment':
      return 'Note';
    case 'evidence':
      return 'Evidence added';
    case 'severity_changed':
      return `Severity ${String(event.data.from)} → ${String(event.data.to)}`;
  }
}

function eventText(event: TIncidentEvent): string | null {
  const { data } = event;
  if (typeof data.text === 'string') return data.text;
  if (typeof data.note === 'string') return data.note;
  if (typeof data.resolution === 'string') return data.resolution;
  if (typeof data.filename === 'string') return data.filename;
  return null;
}
