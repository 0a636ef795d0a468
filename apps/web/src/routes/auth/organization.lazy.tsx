import { ORGANIZATION_KINDS, type TOrganizationSignupRequest } from '@forecourt/contracts';
import { Anchor, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ButtonLink } from '../../components/links';
import { signupOrganization } from '../../features/auth/api';
import { AuthCard } from '../../features/auth/components/auth-card';
import { FormError } from '../../features/auth/components/form-error';
import { useSession } from '../../features/auth/session';
import { saveCredentials } from '../../lib/credentials';
import { isApiError } from '../../lib/http';
import { HOME_PATH, postLoginDestination } from '../../lib/redirect';
import { signOut } from '../../lib/session';

export const Route = createLazyRoute('/signup/organization')({ component: OrganizationSignupPage });

type TKind = TOrganizationSignupRequest['kind'];

const ORGANIZATION_KIND_LABELS: Record<TKind, string> = {
  dealer_group: 'Dealer group (one or more retail outlets)',
  omc_region: 'Oil-company region',
  fleet_operator: 'Fleet operator (captive pumps)',
};

/** /signup/organization: a signed-in user without an organisation creates one and becomes its admin. */
function OrganizationSignupPage() {
  useDocumentTitle('Set up your organisation · Forecourt');
  const session = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TKind>('dealer_group');
  const [nameError, setNameError] = useState<string>();

  const mutation = useMutation({
    mutationFn: signupOrganization,
    onSuccess: (tokens) => {
      saveCredentials(tokens);
      navigate({ href: postLoginDestination(), replace: true });
    },
    onError: (error) => {
      // Already in one: nothing to set up, so stop sending the user here.
      const current = session?.credentials;
      if (isApiError(error, 'ORGANIZATION_EXISTS') && current)
        saveCredentials({ access_token: current.access_token, refresh_token: current.refresh_token });
    },
  });

  if (!session) {
    return (
      <AuthCard
        title="Set up your organisation"
        description="Sign in with the account you created first; the organisation is set up from it."
      >
        <ButtonLink to="/login" search={{}} fullWidth>
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }

  if (session.payload?.org !== undefined && !session.credentials.redirect_url) {
    return (
      <AuthCard
        title="Your organisation is set up"
        description="Your account already belongs to an organisation; there is nothing more to do here."
      >
        <ButtonLink to={HOME_PATH} fullWidth>
          Go to your stations
        </ButtonLink>
      </AuthCard>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem =
      trimmed.length < 2
        ? 'Enter the organisation’s name (at least 2 characters).'
        : trimmed.length > 120
          ? 'Use at most 120 characters.'
          : undefined;
    setNameError(problem);
    if (!problem) mutation.mutate({ name: trimmed, kind });
  };

  return (
    <AuthCard
      title="Set up your organisation"
      description="Name the business that runs your stations. You become its admin and can invite your team."
      footer={
        <>
          Wrong account?{' '}
          <Anchor component="button" type="button" onClick={() => void signOut()} inherit>
            Sign out
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Organisation">
        <Stack gap="sm">
          <TextInput
            label="Organisation name"
            autoComplete="organization"
            required
            autoFocus
            maxLength={120}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
          />
          <Select
            label="Kind of organisation"
            required
            allowDeselect={false}
            data={ORGANIZATION_KINDS.map((value) => ({ value, label: ORGANIZATION_KIND_LABELS[value] }))}
            value={kind}
            onChange={(value) => value && setKind(value as TKind)}
          />
          <FormError error={mutation.error} context="organization">
            {isApiError(mutation.error, 'ORGANIZATION_EXISTS') && (
              <Text size="sm">
                <ButtonLink to={HOME_PATH} size="xs" variant="default">
                  Go to your stations
                </ButtonLink>
              </Text>
            )}
          </FormError>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Create organisation
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
