import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '../../../lib/http';
import { useCan } from '../../auth';
import { useCreateFromTemplate, useWorkflowTemplates } from '../queries';
import { STEP_LABELS } from '../workflow-form';

/**
 * The workflow template store: ready-made workflows an admin copies, then edits. Hidden when the
 * server turned the store off (404 FEATURE_DISABLED, NOTIFY_FEATURES without `template-store`).
 */
export function TemplateStore() {
  const canCreate = useCan('notifications:c');
  const templates = useWorkflowTemplates();
  const create = useCreateFromTemplate();
  const navigate = useNavigate();
  if (isApiError(templates.error, 'FEATURE_DISABLED')) return null;
  if (templates.isError) {
    return (
      <Text size="sm" c="dimmed">
        Could not load the template store.
      </Text>
    );
  }
  if (!templates.data || templates.data.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="template-store">
      <Title order={4}>Template store</Title>
      {create.error && (
        <Alert color="red" title="Could not copy the template">
          {isApiError(create.error, 'CONFLICT')
            ? 'A workflow with this trigger identifier exists already.'
            : create.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {templates.data.map((template) => (
          <Card key={template.id} withBorder padding="sm" data-testid="workflow-template">
            <Stack gap={6}>
              <Text fw={500} size="sm">
                {template.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {template.description}
              </Text>
              <Text size="xs">
                {template.stepTypes
                  .map((type) => STEP_LABELS[type as keyof typeof STEP_LABELS] ?? type)
                  .join(' → ')}
              </Text>
              {canCreate && (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Use template ${template.name}`}
                  loading={create.isPending && create.variables === template.id}
                  onClick={() =>
                    create.mutate(template.id, {
                      onSuccess: (saved) =>
                        void navigate({
                          to: '/settings/notifications/workflows/$workflowId',
                          params: { workflowId: saved._id },
                        }),
                    })
                  }
                >
                  Use template
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
