import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { ButtonLink } from '../components/links';
import { Logo } from '../components/logo';

export const Route = createLazyRoute('/login')({ component: LoginPage });

/** /login: sign-in arrives with the auth module; until then the dashboard opens without it. */
function LoginPage() {
  useDocumentTitle('Sign in · Forecourt');
  const { logout } = Route.useSearch();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={400} maw="100%">
        <Stack gap="md">
          <Logo size={40} />
          <Title order={1} size="h2">
            Sign in to Forecourt
          </Title>
          {logout && (
            <Alert variant="light" color="green">
              You have signed out.
            </Alert>
          )}
          <Text c="dimmed">
            Sign-in with your email and password is on its way. Until it lands, the dashboard opens without an
            account.
          </Text>
          <ButtonLink to="/stations">Open the dashboard</ButtonLink>
        </Stack>
      </Paper>
    </Center>
  );
}
