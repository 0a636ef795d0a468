import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeControl } from '../../../app/theme/theme-control';
import { Logo } from '../../../components/logo';

/** The frame of every sign-in page: brand, a card with the title and form, links underneath. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center component="main" mih="100dvh" p="md" id="main">
      <Stack w={440} maw="100%" gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Logo size={32} />
            <Text component="span" fw={700} size="xl">
              Forecourt
            </Text>
          </Group>
          <ThemeControl />
        </Group>
        <Paper withBorder p="xl" radius="md" shadow="xs">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm" component="div">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text size="sm" ta="center" component="div">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
