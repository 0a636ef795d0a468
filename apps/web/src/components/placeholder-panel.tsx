import { Badge, List, Paper, Stack, Text, Title } from '@mantine/core';

/** A screen that is planned but not built yet: says what will be here, so nobody mistakes it for a bug. */
export function PlaceholderPanel({
  title,
  summary,
  planned,
}: {
  title: string;
  summary: string;
  planned: string[];
}) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Badge variant="light" color="gray">
          Coming soon
        </Badge>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{summary}</Text>
        {planned.length > 0 && (
          <List size="sm" spacing={4}>
            {planned.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
