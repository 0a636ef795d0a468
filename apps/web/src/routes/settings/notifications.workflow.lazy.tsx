import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../components/links';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/query-states';
import { useCan } from '../../features/auth/session';
import { AdminOnly } from '../../features/notify-admin/components/admin-only';
import { WorkflowEditor } from '../../features/notify-admin/components/workflow-editor';
import { useWorkflow } from '../../features/notify-admin/queries';

export const Route = createLazyRoute('/shell/settings/notifications/workflows/$workflowId')({
  component: WorkflowPage,
});

/** /settings/notifications/workflows/$workflowId ("new" creates one): the workflow editor. */
function WorkflowPage() {
  const { workflowId } = Route.useParams();
  const isNew = workflowId === 'new';
  const canRead = useCan('notifications:r');
  const canSave = useCan(isNew ? 'notifications:c' : 'notifications:u');
  const workflow = useWorkflow(isNew || !canRead ? null : workflowId);
  useDocumentTitle(`${isNew ? 'New workflow' : (workflow.data?.name ?? 'Workflow')} · Forecourt`);
  if (!canRead) return <AdminOnly />;
  const back = (
    <AnchorLink to="/settings/notifications" search={{}} size="sm">
      ← Notifications
    </AnchorLink>
  );
  if (!isNew && !workflow.data) {
    return (
      <Stack gap="lg">
        <PageHeader title="Workflow" before={back} />
        {workflow.isError ? (
          <ErrorState
            title="Could not load the workflow"
            error={workflow.error}
            onRetry={() => workflow.refetch()}
          />
        ) : (
          <LoadingState label="Loading the workflow…" />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={isNew ? 'New workflow' : (workflow.data?.name ?? '')}
        description={
          isNew
            ? 'Steps run in order for every subscriber a trigger reaches.'
            : workflow.data?.triggers[0]?.identifier
        }
        before={back}
      />
      <WorkflowEditor key={workflow.data?._id ?? 'new'} workflow={workflow.data ?? null} canSave={canSave} />
    </Stack>
  );
}
