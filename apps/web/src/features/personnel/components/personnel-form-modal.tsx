import {
  PERSONNEL_ROLES,
  SHIFTS,
  type TPersonnelItem,
  type TPersonnelRole,
  type TPersonnelStatus,
  type TShift,
  ZIndianMobile,
} from '@forecourt/contracts';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../auth';
import {
  formatMobile,
  options,
  PERSONNEL_ROLE_LABELS,
  PERSONNEL_STATUS_LABELS,
  SHIFT_LABELS,
} from '../labels';
import { usePersonnelActions } from '../queries';

type TForm = {
  name: string;
  role: TPersonnelRole | null;
  shift: TShift | null;
  phone: string;
  status: TPersonnelStatus;
  joinedOn: string;
};
type TErrors = Partial<Record<'name' | 'role' | 'shift' | 'phone', string>>;

const EMPTY: TForm = { name: '', role: null, shift: null, phone: '', status: 'active', joinedOn: '' };

const fromRow = (row: TPersonnelItem): TForm => ({
  name: row.name,
  role: row.role,
  shift: row.shift,
  phone: formatMobile(row.phone),
  status: row.status,
  joinedOn: row.joinedOn,
});

/** Add someone to the station's staff, or edit them (`editing`); the phone must be an Indian mobile. */
export function PersonnelFormModal({
  slug,
  opened,
  editing,
  onClose,
  onSaved,
}: {
  slug: string;
  opened: boolean;
  /** The row being edited; null: a new member of staff. */
  editing: TPersonnelItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}) {
  const { create, update } = usePersonnelActions(slug);
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const mutation = editing ? update : create;

  useEffect(() => {
    if (opened) setForm(editing ? fromRow(editing) : EMPTY);
  }, [opened, editing]);

  const close = () => {
    setErrors({});
    create.reset();
    update.reset();
    onClose();
  };
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = ZIndianMobile.safeParse(form.phone);
    const next: TErrors = {
      name: form.name.trim().length < 2 ? 'Enter the full name.' : undefined,
      role: form.role ? undefined : 'Choose a role.',
      shift: form.shift ? undefined : 'Choose a shift.',
      phone: phone.success ? undefined : 'Enter a 10-digit Indian mobile number (starting 6–9).',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !form.role || !form.shift || !phone.success) return;
    const values = {
      name: form.name.trim(),
      role: form.role,
      shift: form.shift,
      phone: phone.data,
      ...(form.joinedOn ? { joinedOn: form.joinedOn } : {}),
    };
    const done = {
      onSuccess: () => {
        onSaved(values.name, !editing);
        close();
      },
    };
    if (editing) update.mutate({ id: editing.id, patch: { ...values, status: form.status } }, done);
    else create.mutate(values, done);
  };

  const title = editing ? 'Edit staff member' : 'Add staff member';
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={80}
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Role"
              required
              data={options(PERSONNEL_ROLES, PERSONNEL_ROLE_LABELS)}
              value={form.role}
              onChange={(value) => set('role', value as TPersonnelRole | null)}
              error={errors.role}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Shift"
              required
              data={options(SHIFTS, SHIFT_LABELS)}
              value={form.shift}
              onChange={(value) => set('shift', value as TShift | null)}
              error={errors.shift}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Mobile number"
              required
              type="tel"
              inputMode="tel"
              placeholder="+91 98765 43210"
              maxLength={20}
              value={form.phone}
              onChange={(event) => set('phone', event.currentTarget.value)}
              error={errors.phone}
            />
            <TextInput
              label="Joined on"
              type="date"
              description={editing ? undefined : 'Leave empty for today.'}
              value={form.joinedOn}
              onChange={(event) => set('joinedOn', event.currentTarget.value)}
            />
            {editing && (
              <Select
                label="Status"
                data={options(['active', 'on_leave', 'inactive'] as const, PERSONNEL_STATUS_LABELS)}
                value={form.status}
                onChange={(value) => value && set('status', value as TPersonnelStatus)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </SimpleGrid>
          <FormError error={mutation.error} context="general" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
