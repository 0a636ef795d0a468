import { PASSWORD_MAX, PASSWORD_MIN } from '@forecourt/contracts';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../components/links';
import { resetPassword } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { FormError } from '../../features/auth/components/form-error';
import { passwordProblem } from '../../features/auth/password';
import { useCooldown } from '../../features/auth/use-cooldown';
import { clearCredentials } from '../../lib/credentials';
import { isApiError } from '../../lib/http';

export const Route = createLazyRoute('/reset-password')({ component: ResetPasswordPage });

/** A link that cannot work any more, with the way to get a new one. */
function NewLinkAction() {
  return (
    <ButtonLink to="/forgot-password" search={{}} size="xs" variant="default">
      Send me a new link
    </ButtonLink>
  );
}

/** /reset-password?token=…: step two of the reset: a new password with the mail's token. */
function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Forecourt');
  const { token } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const mutation = useMutation({
    mutationFn: (newPassword: string) => resetPassword(token ?? '', newPassword),
    // The server signed out every session of the account; this browser's goes too.
    onSuccess: () => clearCredentials(),
  });
  const cooldown = useCooldown(mutation.error);

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert variant="light" color="red" role="alert">
          This link is incomplete. Open the link from the email again, or ask for a new one.
        </Alert>
        <NewLinkAction />
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
          Your password was changed and every session of your account was signed out. Sign in with the new
          password.
        </Alert>
        <ButtonLink to="/login" search={{}} fullWidth>
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      password: passwordProblem(password),
      confirmation: confirmation === password ? undefined : 'The two passwords differ.',
    };
    setErrors(next);
    if (!next.password && !next.confirmation) mutation.mutate(password);
  };

  return (
    <AuthCard
      title="Choose a new password"
      description="Signing in again will be needed everywhere once it is changed."
      footer={
        <AnchorLink to="/login" search={{}}>
          Back to sign in
        </AnchorLink>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label="New password">
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            maxLength={PASSWORD_MAX}
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
          />
          <FormError error={mutation.error} context="reset" secondsLeft={cooldown}>
            {isApiError(mutation.error, 'INVALID_TOKEN') && <NewLinkAction />}
          </FormError>
          <Button type="submit" loading={mutation.isPending} disabled={cooldown > 0} fullWidth>
            Change password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
