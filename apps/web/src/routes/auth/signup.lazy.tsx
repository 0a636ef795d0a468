import { PASSWORD_MAX, PASSWORD_MIN, type TSignupRequest, ZEmail } from '@forecourt/contracts';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../components/links';
import { signup } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { FormError } from '../../features/auth/components/form-error';
import { passwordProblem } from '../../features/auth/password';
import { useCooldown } from '../../features/auth/use-cooldown';
import { saveCredentials } from '../../lib/credentials';
import { signedInDestination } from '../../lib/redirect';

export const Route = createLazyRoute('/signup')({ component: SignupPage });

type TField = 'firstName' | 'lastName' | 'email' | 'password';

/**
 * /signup: self-service (a verification mail follows, then organisation signup), or with
 * ?invitation=TOKEN the invitation of an organisation admin (signed in at once as a member).
 */
function SignupPage() {
  const { invitation, email: invitedEmail } = Route.useSearch();
  const isInvitation = Boolean(invitation);
  useDocumentTitle(`${isInvitation ? 'Accept your invitation' : 'Create an account'} · Forecourt`);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<TField, string>>({
    firstName: '',
    lastName: '',
    email: invitedEmail ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: (answer, request) => {
      if (answer.kind === 'signed-in') {
        saveCredentials(answer.tokens);
        navigate({ href: signedInDestination(), replace: true });
      } else {
        setSentTo(request.email);
      }
    },
  });
  const cooldown = useCooldown(mutation.error);

  const set = (field: TField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = ZEmail.safeParse(values.email);
    const next: Partial<Record<TField, string>> = {
      firstName: values.firstName.trim() ? undefined : 'Enter your first name.',
      lastName: values.lastName.trim() ? undefined : 'Enter your last name.',
      email: email.success ? undefined : 'Enter a valid email address.',
      password: passwordProblem(values.password),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !email.success) return;
    const request: TSignupRequest = {
      email: email.data,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      ...(invitation ? { signupToken: invitation } : {}),
    };
    mutation.mutate(request);
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Alert variant="light" color="green" icon={<IconMailCheck aria-hidden />} role="status">
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address.
        </Alert>
        <Text size="sm">
          You can sign in now and set up your organisation; the link stays valid for 24 hours. If you already
          had an account, the mail says so instead.
        </Text>
        <ButtonLink to="/login" search={{}} fullWidth>
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={isInvitation ? 'Accept your invitation' : 'Create an account'}
      description={
        isInvitation
          ? 'Your organisation invited you to Forecourt. Choose a password to join.'
          : 'Start with your account; you will set up your organisation next.'
      }
      footer={
        <>
          Already have an account?{' '}
          <AnchorLink to="/login" search={{}}>
            Sign in
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label={isInvitation ? 'Accept invitation' : 'Sign up'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              autoFocus
              maxLength={100}
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              maxLength={100}
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            description={isInvitation ? 'The address your invitation was sent to.' : undefined}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; a passphrase works well.`}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <FormError error={mutation.error} context="signup" secondsLeft={cooldown} />
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={cooldown > 0} fullWidth>
              {isInvitation ? 'Join your organisation' : 'Create account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
