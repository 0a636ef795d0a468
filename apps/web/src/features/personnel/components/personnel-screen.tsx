import { PERSONNEL_ROLES, PERSONNEL_STATUSES, SHIFTS, type TPersonnelItem } from '@forecourt/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconDots,
  IconPencil,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { TColumn } from '../../../components/data-table';
import type { TFilterField } from '../../../components/filter-bar';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { RecordHistoryButton } from '../../../components/record-history-button';
import { formatDate } from '../../../lib/format';
import { toListParams } from '../../../lib/list-params';
import { describeAuthError, useCan } from '../../auth';
import { fetchPersonnel, stationPersonnelCsvUrl } from '../api';
import {
  formatMobile,
  options,
  PERSONNEL_ROLE_LABELS,
  PERSONNEL_STATUS_COLORS,
  PERSONNEL_STATUS_LABELS,
  SHIFT_LABELS,
} from '../labels';
import { personnelKeys, usePersonnelActions, useStationPersonnel } from '../queries';
import { PERSONNEL_FILTER_KEYS, type TPersonnelSearch } from '../search';
import { PersonnelFormModal } from './personnel-form-modal';

type TRow = TPersonnelItem;

const FILTERS: TFilterField[] = [
  {
    kind: 'multi',
    key: 'role',
    label: 'Role',
    placeholder: 'Any role',
    options: options(PERSONNEL_ROLES, PERSONNEL_ROLE_LABELS),
  },
  {
    kind: 'multi',
    key: 'shift',
    label: 'Shift',
    placeholder: 'Any shift',
    options: options(SHIFTS, SHIFT_LABELS),
  },
  {
    kind: 'multi',
    key: 'status',
    label: 'Status',
    placeholder: 'Any status',
    options: options(PERSONNEL_STATUSES, PERSONNEL_STATUS_LABELS),
  },
];

/** /stations/$slug/personnel: the station's staff, oldest record first; admins add, edit and deactivate. */
export function PersonnelScreen({ slug, search }: { slug: string; search: TPersonnelSearch }) {
  const canCreate = useCan('personnel:c');
  const canUpdate = useCan('personnel:u');
  const params = toListParams(search, PERSONNEL_FILTER_KEYS);
  const query = useStationPersonnel(slug, params);
  const { setActive } = usePersonnelActions(slug);
  const [form, setForm] = useState<{ editing: TRow | null } | null>(null);
  const [deactivating, setDeactivating] = useState<TRow | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);

  const toggle = (row: TRow, active: boolean) =>
    setActive.mutate(
      { id: row.id, active },
      {
        onSuccess: () => {
          setDeactivating(null);
          setNotice(`${row.name} is ${active ? 'active again' : 'marked inactive'}.`);
        },
        onError: () => setDeactivating(null),
      },
    );

  const columns = ((): TColumn<TRow, 'createdAt' | 'name' | 'joinedOn'>[] => {
    const list: TColumn<TRow, 'createdAt' | 'name' | 'joinedOn'>[] = [
      {
        key: 'name',
        header: 'Name',
        sort: 'name',
        cell: (row) => (
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
        ),
      },
      { key: 'role', header: 'Role', cell: (row) => PERSONNEL_ROLE_LABELS[row.role] },
      { key: 'shift', header: 'Shift', cell: (row) => SHIFT_LABELS[row.shift] },
      { key: 'phone', header: 'Mobile', nowrap: true, cell: (row) => formatMobile(row.phone) },
      {
        key: 'status',
        header: 'Status',
        cell: (row) => (
          <Badge variant="dot" color={PERSONNEL_STATUS_COLORS[row.status]}>
            {PERSONNEL_STATUS_LABELS[row.status]}
          </Badge>
        ),
      },
      {
        key: 'joinedOn',
        header: 'Joined',
        sort: 'joinedOn',
        nowrap: true,
        cell: (row) => formatDate(row.joinedOn),
      },
    ];
    list.push({
      key: 'history',
      header: <VisuallyHidden>History</VisuallyHidden>,
      nowrap: true,
      cell: (row) => (
        <RecordHistoryButton
          title={`History of ${row.name}`}
          queryKey={personnelKeys.detail(row.id)}
          load={(signal) => fetchPersonnel(row.id, signal)}
        />
      ),
    });
    if (!canUpdate) return list;
    list.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 56,
      cell: (row) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.name}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setForm({ editing: row })}
            >
              Edit
            </Menu.Item>
            {row.status === 'inactive' ? (
              <Menu.Item
                leftSection={<IconUserCheck size={16} aria-hidden />}
                onClick={() => toggle(row, true)}
              >
                Reactivate
              </Menu.Item>
            ) : (
              <Menu.Item
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => setDeactivating(row)}
              >
                Deactivate
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    });
    return list;
  })();

  return (
    <Stack gap="md">
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
      {setActive.isError && (
        <Alert variant="light" color="red" role="alert" title="That did not work">
          {describeAuthError(setActive.error, 'general')}
        </Alert>
      )}
      <KeysetListScreen
        title="Personnel"
        description="The station's staff: managers, supervisors, attendants (DSMs), cashiers and more, oldest record first."
        noun={{ one: 'person', other: 'people' }}
        actions={
          canCreate && (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setForm({ editing: null })}
            >
              Add staff member
            </Button>
          )
        }
        filters={FILTERS}
        search={search}
        defaultSort="createdAt"
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        testId="personnel"
        minWidth={820}
        empty={{ title: 'No staff recorded', description: 'Add the people who work at this station.' }}
        csv={{ url: stationPersonnelCsvUrl(slug, params), fallbackName: `${slug}-personnel.csv` }}
      />
      <PersonnelFormModal
        slug={slug}
        opened={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
        onSaved={(name, created) =>
          setNotice(created ? `${name} was added to the staff.` : `${name} was updated.`)
        }
      />
      <Modal
        opened={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title="Deactivate this person?"
      >
        <Stack gap="md">
          <Text size="sm">
            <strong>{deactivating?.name}</strong> stays on record as inactive and can be reactivated later.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeactivating(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={setActive.isPending}
              onClick={() => deactivating && toggle(deactivating, false)}
            >
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
