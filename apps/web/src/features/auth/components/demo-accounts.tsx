import { Button, Group, Stack, Text } from '@mantine/core';
import classes from './demo-accounts.module.css';

/** The demo database's logins (README); the embedded default seeds them on first start. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@forecourt.demo', who: 'Admin, Sahyog Fuels' },
  { email: 'member@forecourt.demo', who: 'Member, Sahyog Fuels (some stations)' },
  { email: 'admin@other.demo', who: 'Admin of a second organisation' },
] as const;
export const DEMO_PASSWORD = 'forecourt-demo';

/**
 * A small "Demo accounts" disclosure under the form: a native <details>, so it opens with the
 * keyboard and says its state to screen readers. "Use" fills the form; the user still submits it.
 */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <details className={classes.details} data-testid="demo-accounts">
      <summary className={classes.summary}>Demo accounts</summary>
      <Stack gap={6} mt="xs">
        <Text size="xs" c="dimmed">
          On a demo database every account uses the password <code>{DEMO_PASSWORD}</code>.
        </Text>
        {DEMO_ACCOUNTS.map(({ email, who }) => (
          <Group key={email} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {email}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {who}
              </Text>
            </Stack>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onPick(email, DEMO_PASSWORD)}
              aria-label={`Use ${email}`}
            >
              Use
            </Button>
          </Group>
        ))}
      </Stack>
    </details>
  );
}
