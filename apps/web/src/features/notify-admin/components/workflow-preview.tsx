import type { TPreviewStep } from '@forecourt/contracts';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { describeError } from '../../../components/query-states';
import { isApiError } from '../../../lib/http';
import { previewWorkflow } from '../api';
import { STEP_LABELS, stepToInput, type TStepForm } from '../workflow-form';

/** Rows edited in place have no ids of their own: their position is their identity. */
const positionKey = (prefix: string, index: number) => `${prefix}-${index}`;

function parsePayload(text: string): { payload?: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return { payload: {} };
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { error: 'The sample payload must be a JSON object.' };
    return { payload: value as Record<string, unknown> };
  } catch {
    return { error: 'The sample payload is not valid JSON.' };
  }
}

/** HTML (in-app, email) is shown in a sandboxed frame: no scripts, no access to the app. */
function HtmlFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><body style="font:14px system-ui,sans-serif;margin:8px;color:#222">${html}</body>`}
      style={{
        width: '100%',
        minHeight: 90,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 6,
      }}
    />
  );
}

function PreviewStep({ step }: { step: TPreviewStep }) {
  const title = `Preview of step ${step.index + 1}`;
  return (
    <Stack gap={6} data-testid="preview-step">
      <Group gap="xs">
        <Badge variant="light" radius="sm">
          {step.index + 1}
        </Badge>
        <Text size="sm" fw={500}>
          {STEP_LABELS[step.type]}
        </Text>
      </Group>
      {step.subject !== undefined && (
        <Text size="sm">
          <Text span c="dimmed" size="xs">
            {step.type === 'email' ? 'Subject: ' : 'Title: '}
          </Text>
          {step.subject}
        </Text>
      )}
      {step.type === 'in_app' || step.type === 'email' ? (
        <HtmlFrame html={step.content} title={title} />
      ) : (
        <Text
          component="pre"
          size="sm"
          aria-label={title}
          style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'var(--mantine-font-family-monospace)' }}
        >
          {step.content}
        </Text>
      )}
      {step.cta && (step.cta.url || step.cta.buttons.length > 0) && (
        <Group gap="xs">
          {step.cta.url && (
            <Text size="xs" c="dimmed">
              Opens{' '}
              <Anchor href={step.cta.url} target="_blank" rel="noreferrer" size="xs">
                {step.cta.url}
              </Anchor>
            </Text>
          )}
          {step.cta.buttons.map((button, b) => (
            <Button
              key={positionKey('button', b)}
              size="compact-xs"
              variant={button.type === 'primary' ? 'filled' : 'default'}
              tabIndex={-1}
            >
              {button.content}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The live preview: the server renders the steps being edited (real Handlebars templates and
 * helpers) with the sample payload, a moment after the last keystroke.
 */
export function WorkflowPreview({
  steps,
  payloadText,
  onPayloadTextChange,
}: {
  steps: TStepForm[];
  payloadText: string;
  onPayloadTextChange: (text: string) => void;
}) {
  const inputs = useMemo(() => steps.map(stepToInput), [steps]);
  const parsed = useMemo(() => parsePayload(payloadText), [payloadText]);
  const [debounced] = useDebouncedValue({ inputs, payload: parsed.payload }, 300);
  const preview = useQuery({
    queryKey: ['notify-admin', 'preview', debounced],
    queryFn: ({ signal }) =>
      previewWorkflow({ steps: debounced.inputs, payload: debounced.payload ?? {} }, signal),
    enabled: debounced.payload !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rendered = preview.data?.steps.filter((step) => step.rendered) ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label="Preview">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Preview
        </Title>
        <Textarea
          label="Sample payload (JSON)"
          autosize
          minRows={3}
          maxRows={10}
          value={payloadText}
          error={parsed.error}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          onChange={(event) => onPayloadTextChange(event.currentTarget.value)}
        />
        {preview.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title="Template error"
            role="alert"
          >
            {isApiError(preview.error) && preview.error.details?.length
              ? preview.error.details.map((detail) => `${detail.path}: ${detail.message}`).join('; ')
              : describeError(preview.error)}
          </Alert>
        )}
        {rendered.length === 0 && !preview.isError && (
          <Text size="sm" c="dimmed">
            {preview.isPending ? 'Rendering…' : 'No channel steps to preview.'}
          </Text>
        )}
        {rendered.map((step) => (
          <PreviewStep key={step.index} step={step} />
        ))}
      </Stack>
    </Paper>
  );
}
