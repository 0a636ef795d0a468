import type { TWorkflowEntity } from '@forecourt/contracts';
import { STEP_TYPES, type TStepType } from '@forecourt/contracts';
import {
  Alert,
  Button,
  Grid,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../components/query-states';
import { isApiError } from '../../../lib/http';
import { useSaveWorkflow } from '../queries';
import {
  emptyWorkflowForm,
  formToSave,
  move,
  newStep,
  STEP_LABELS,
  samplePayload,
  type TWorkflowForm,
  workflowToForm,
} from '../workflow-form';
import { StepEditor } from './step-editor';
import { WorkflowPreview } from './workflow-preview';

/** Create or edit a workflow: its fields, ordered steps, and a live preview of the content. */
export function WorkflowEditor({
  workflow,
  canSave,
}: {
  workflow: TWorkflowEntity | null;
  canSave: boolean;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState<TWorkflowForm>(() =>
    workflow ? workflowToForm(workflow) : emptyWorkflowForm(),
  );
  const [payloadText, setPayloadText] = useState(() =>
    JSON.stringify(
      samplePayload(workflow?.triggers[0]?.variables.map((variable) => variable.name) ?? ['title']),
      null,
      2,
    ),
  );
  const [saved, setSaved] = useState(false);
  const save = useSaveWorkflow(workflow?._id ?? null);
  const set = (patch: Partial<TWorkflowForm>) => {
    setSaved(false);
    setForm((current) => ({ ...current, ...patch }));
  };
  const setSteps = (steps: TWorkflowForm['steps']) => set({ steps });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(formToSave(form), {
      onSuccess: (result) => {
        setSaved(true);
        if (!workflow)
          void navigate({
            to: '/settings/notifications/workflows/$workflowId',
            params: { workflowId: result._id },
          });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group grow align="flex-start">
                  <TextInput
                    label="Name"
                    required
                    value={form.name}
                    onChange={(event) => set({ name: event.currentTarget.value })}
                  />
                  <TextInput
                    label="Trigger identifier"
                    description={workflow ? 'Fixed once created' : 'Defaults to the name in lower case'}
                    disabled={workflow !== null}
                    value={form.triggerIdentifier}
                    onChange={(event) => set({ triggerIdentifier: event.currentTarget.value })}
                  />
                </Group>
                <Textarea
                  label="Description"
                  autosize
                  minRows={1}
                  value={form.description}
                  onChange={(event) => set({ description: event.currentTarget.value })}
                />
                <Group align="flex-end">
                  <TextInput
                    label="Tags"
                    description="Comma separated"
                    style={{ flex: 1 }}
                    value={form.tags}
                    onChange={(event) => set({ tags: event.currentTarget.value })}
                  />
                  <Switch
                    label="Active"
                    checked={form.active}
                    onChange={(event) => set({ active: event.currentTarget.checked })}
                    mb={8}
                  />
                  <Switch
                    label="Critical (subscribers cannot turn it off)"
                    checked={form.critical}
                    onChange={(event) => set({ critical: event.currentTarget.checked })}
                    mb={8}
                  />
                </Group>
              </Stack>
            </Paper>
            <Title order={2} size="h4">
              Steps
            </Title>
            {form.steps.map((step, index) => (
              <StepEditor
                key={step.key}
                step={step}
                index={index}
                count={form.steps.length}
                onChange={(next) => setSteps(form.steps.map((other, o) => (o === index ? next : other)))}
                onMove={(delta) => setSteps(move(form.steps, index, delta))}
                onRemove={() => setSteps(form.steps.filter((_, o) => o !== index))}
              />
            ))}
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />}>
                  Add step
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {STEP_TYPES.filter((type) => type !== 'trigger').map((type: TStepType) => (
                  <Menu.Item key={type} onClick={() => setSteps([...form.steps, newStep(type)])}>
                    {STEP_LABELS[type]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {save.isError && (
              <Alert color="red" variant="light" role="alert" title="Not saved">
                {describeError(save.error)}
                {isApiError(save.error) && save.error.details && save.error.details.length > 1 && (
                  <ul>
                    {save.error.details.map((detail) => (
                      <li key={detail.path}>
                        {detail.path}: {detail.message}
                      </li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
            {saved && (
              <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
                Workflow saved.
              </Alert>
            )}
            {canSave && (
              <Group>
                <Button
                  type="submit"
                  loading={save.isPending}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                >
                  {workflow ? 'Save workflow' : 'Create workflow'}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: 'sticky', top: 72 }}>
            <WorkflowPreview
              steps={form.steps}
              payloadText={payloadText}
              onPayloadTextChange={setPayloadText}
            />
          </div>
        </Grid.Col>
      </Grid>
    </form>
  );
}
