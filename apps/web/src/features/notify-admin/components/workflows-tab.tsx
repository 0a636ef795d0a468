import { Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { useCan } from '../../auth';
import { useWorkflows } from '../queries';
import { STEP_LABELS } from '../workflow-form';
import { TabTable } from './tab-table';
import { TemplateStore } from './template-store';

/** Workflows with their trigger identifiers, flags, tags and steps. */
export function WorkflowsTab() {
  const canCreate = useCan('notifications:c');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const workflows = useWorkflows(page, query);
  const data = workflows.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <TextInput
          aria-label="Search workflows"
          placeholder="Search by name or trigger identifier"
          leftSection={<IconSearch size={16} aria-hidden />}
          w={340}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
        />
        {canCreate && (
          <ButtonLink
            to="/settings/notifications/workflows/$workflowId"
            params={{ workflowId: 'new' }}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New workflow
          </ButtonLink>
        )}
      </Group>
      <TabTable
        query={workflows}
        loadingLabel="Loading workflows…"
        errorTitle="Could not load workflows"
        emptyTitle="No workflows"
        headers={['Workflow', 'Trigger identifier', 'Steps', 'Tags', 'Flags']}
        testId="workflows-table"
        minWidth={760}
      >
        {(rows) =>
          rows.map((workflow) => (
            <Table.Tr key={workflow._id} data-testid="workflow-row">
              <Table.Td>
                <AnchorLink
                  to="/settings/notifications/workflows/$workflowId"
                  params={{ workflowId: workflow._id }}
                  fw={500}
                  size="sm"
                >
                  {workflow.name}
                </AnchorLink>
                {workflow.description && (
                  <Text size="xs" c="dimmed" lineClamp={1} maw={360}>
                    {workflow.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {workflow.triggers[0]?.identifier}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {workflow.steps.map((step) => STEP_LABELS[step.type]).join(' → ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {workflow.tags.map((tag) => (
                    <Badge key={tag} size="sm" variant="outline" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge size="sm" variant="dot" color={workflow.active ? 'green' : 'gray'}>
                    {workflow.active ? 'Active' : 'Inactive'}
                  </Badge>
                  {workflow.critical && (
                    <Badge size="sm" variant="light" color="red">
                      Critical
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </TabTable>
      {data && data.totalCount > data.pageSize && (
        <Pager
          page={page}
          pages={Math.ceil(data.totalCount / data.pageSize)}
          count={data.totalCount}
          noun={{ one: 'workflow', other: 'workflows' }}
          onPageChange={setPage}
          disabled={workflows.isPlaceholderData}
        />
      )}
      <TemplateStore />
    </Stack>
  );
}
