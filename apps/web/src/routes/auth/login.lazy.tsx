import { ZEmail } from '@forecourt/contracts';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AnchorLink } from '../../components/links';
import { login } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { DemoAccounts } from '../../features/auth/components/demo-accounts';
import { FormError } from '../../features/auth/components/form-error';
import { ProviderButtons } from '../../features/auth/components/provider-buttons';
import { useCooldown } from '../../features/auth/use-cooldown';
import { saveCredentials } from '../../lib/credentials';
import { isApiError } from '../../lib/http';
import { signedInDestination } from '../../lib/redirect';

export const Route = createLazyRoute('/login')({ component: LoginPage });

type TFieldErrors = { email?: string; password?: string };

/** /login: email and password; notices after sign-out and when a session expired. */
function LoginPage() {
  useDocumentTitle('Sign in · Forecourt');
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      saveCredentials(answer);
      navigate({ href: signedInDestination(search.redirect_url), replace: true });
    },
  });
  const cooldown = useCooldown(mutation.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsedEmail = ZEmail.safeParse(email);
    const errors: TFieldErrors = {
      email: parsedEmail.success ? undefined : 'Enter a valid email address.',
      password: password ? undefined : 'Enter your password.',
    };
    setFieldErrors(errors);
    if (errors.email || errors.password || !parsedEmail.success) return;
    mutation.mutate({ email: parsedEmail.data, password });
  };

  const fillDemo = (demoEmail: string, demoPassword: string) => {
    setEmail(demoEmail);
    setPassword(demoPassword);
    setFieldErrors({});
    mutation.reset();
  };

  return (
    <AuthCard
      title="Sign in to Forecourt"
      description="Your stations, sales and incidents in one place."
      footer={
        <>
          New to Forecourt?{' '}
          <AnchorLink to="/signup" search={{}}>
            Create an account
          </AnchorLink>
        </>
      }
    >
      {search.logout ? (
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          You have signed out.
        </Alert>
      ) : search.expired ? (
        <Alert variant="light" color="yellow" icon={<IconClockExclamation aria-hidden />} role="status">
          Your session expired, sign in again.
        </Alert>
      ) : null}
      <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Group justify="flex-end">
            <AnchorLink to="/forgot-password" search={{ email: email || undefined }} size="sm">
              Forgot your password?
            </AnchorLink>
          </Group>
          <FormError error={mutation.error} context="login" secondsLeft={cooldown}>
            {isApiError(mutation.error, 'INVALID_CREDENTIALS') && (
              <Text size="sm">
                <AnchorLink to="/forgot-password" search={{ email: email || undefined }} inherit>
                  Reset your password
                </AnchorLink>{' '}
                if you cannot remember it.
              </Text>
            )}
          </FormError>
          <Button type="submit" loading={mutation.isPending} disabled={cooldown > 0} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <ProviderButtons redirectUrl={search.redirect_url} />
      <DemoAccounts onPick={fillDemo} />
    </AuthCard>
  );
}
