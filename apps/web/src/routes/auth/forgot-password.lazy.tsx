import { ZEmail } from '@forecourt/contracts';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../components/links';
import { requestPasswordReset } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { FormError } from '../../features/auth/components/form-error';
import { useCooldown } from '../../features/auth/use-cooldown';

export const Route = createLazyRoute('/forgot-password')({ component: ForgotPasswordPage });

/** /forgot-password: step one of the reset: a link by email, valid for 30 minutes. */
function ForgotPasswordPage() {
  useDocumentTitle('Reset your password · Forecourt');
  const search = Route.useSearch();
  const [email, setEmail] = useState(search.email ?? '');
  const [emailError, setEmailError] = useState<string>();
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const cooldown = useCooldown(mutation.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZEmail.safeParse(email);
    setEmailError(parsed.success ? undefined : 'Enter a valid email address.');
    if (parsed.success) mutation.mutate(parsed.data);
  };

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Alert variant="light" color="green" icon={<IconMailCheck aria-hidden />} role="status">
          If an account exists for <strong>{mutation.variables}</strong>, we sent it a link to choose a new
          password. The link works for 30 minutes.
        </Alert>
        <Text size="sm" c="dimmed">
          No mail server set up? Your organisation’s admin can read the message in Forecourt’s Mailbox.
        </Text>
        <ButtonLink to="/login" search={{}} fullWidth>
          Back to sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={
        <AnchorLink to="/login" search={{}}>
          Back to sign in
        </AnchorLink>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Reset password">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError}
          />
          <FormError error={mutation.error} context="forgot" secondsLeft={cooldown} />
          <Button type="submit" loading={mutation.isPending} disabled={cooldown > 0} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
