import type { TOAuthProvider } from '@forecourt/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fetchAuthProviders, providerStartUrl } from '../api';

const LABELS: Record<TOAuthProvider, { label: string; icon: typeof IconBrandGoogle }> = {
  google: { label: 'Continue with Google', icon: IconBrandGoogle },
  github: { label: 'Continue with GitHub', icon: IconBrandGithub },
};

/** Sign-in buttons for the providers the server is configured for; nothing when there are none. */
export function ProviderButtons({ redirectUrl }: { redirectUrl?: string }) {
  const { data } = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => {
        const { label, icon: Icon } = LABELS[provider];
        return (
          <Button
            key={provider}
            component="a"
            href={providerStartUrl(provider, redirectUrl)}
            variant="default"
            leftSection={<Icon size={18} aria-hidden />}
            fullWidth
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
