import { ActionIcon, Divider, Grid, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconMail, IconRefresh } from '@tabler/icons-react';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink, NavLinkItem } from '../components/links';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { EmptyResult, ErrorState, LoadingState } from '../components/query-states';
import { useCan } from '../features/auth/session';
import classes from '../features/mailbox/mailbox.module.css';
import { MessageBody } from '../features/mailbox/message-body';
import { useOutbox, useOutboxMessage } from '../features/mailbox/queries';
import { formatDateTime } from '../lib/format';
import { isApiError } from '../lib/http';

export const Route = createLazyRoute('/shell/mailbox')({ component: MailboxPage });

function MessageView({ id, page }: { id: string; page: number }) {
  const message = useOutboxMessage(id);
  const back = (
    <ButtonLink
      to="/mailbox"
      search={{ page: page || undefined }}
      variant="subtle"
      size="xs"
      hiddenFrom="md"
      leftSection={<IconArrowLeft size={14} aria-hidden />}
      w="fit-content"
    >
      All messages
    </ButtonLink>
  );
  if (!message.data) {
    if (message.isError)
      return (
        <Stack gap="sm">
          {back}
          <ErrorState
            title={
              isApiError(message.error, 'NOT_FOUND') ? 'Message not found' : 'Could not open this message'
            }
            message={
              isApiError(message.error, 'NOT_FOUND')
                ? 'It does not exist, or it is addressed to someone outside your organisation.'
                : undefined
            }
            error={message.error}
            onRetry={isApiError(message.error, 'NOT_FOUND') ? undefined : () => message.refetch()}
          />
        </Stack>
      );
    return <LoadingState label="Opening the message…" />;
  }
  const { subject, to, createdAt, text, html } = message.data;
  return (
    <Stack gap="md" component="article" aria-labelledby="message-subject" data-testid="mailbox-message-view">
      {back}
      <Stack gap={4}>
        <Title order={2} size="h3" id="message-subject">
          {subject}
        </Title>
        <Text size="sm" c="dimmed">
          To <strong>{to}</strong> · {formatDateTime(createdAt)}
        </Text>
      </Stack>
      <Divider />
      <MessageBody text={text} html={html} subject={subject} />
    </Stack>
  );
}

/**
 * /mailbox: the embedded outbox. With no mail server configured, Forecourt keeps the mail it sends
 * here, so invitations, verification and password resets work on a fresh machine.
 */
function MailboxPage() {
  useDocumentTitle('Mailbox · Forecourt');
  const { page = 0, message } = Route.useSearch();
  const navigate = Route.useNavigate();
  const list = useOutbox(page);
  const seesOrganisation = useCan('outbox:r');
  const data = list.data;

  let listContent: ReactNode;
  if (!data) {
    listContent = list.isError ? (
      <ErrorState title="Could not load the mailbox" error={list.error} onRetry={() => list.refetch()} />
    ) : (
      <LoadingState label="Loading mail…" />
    );
  } else if (data.results.length === 0) {
    listContent = (
      <EmptyResult
        title="No mail yet"
        description="Invitations, email confirmations and password resets show up here."
        icon={<IconMail size={28} stroke={1.5} aria-hidden />}
      />
    );
  } else {
    listContent = (
      <Stack gap="sm">
        <ul aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.results.map((item) => (
            <li key={item.id} data-testid="mailbox-message">
              <NavLinkItem
                to="/mailbox"
                search={{ page: page || undefined, message: String(item.id) }}
                className={classes.item}
                active={String(item.id) === message}
                aria-current={String(item.id) === message ? 'true' : undefined}
                label={
                  <Text size="sm" fw={600} lineClamp={1}>
                    {item.subject}
                  </Text>
                }
                description={
                  <Text size="xs" c="dimmed" lineClamp={1} component="span">
                    To {item.to} · {formatDateTime(item.createdAt)}
                  </Text>
                }
              />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pages={data.pages}
          count={data.count}
          approximate={data.approximate}
          noun={{ one: 'message', other: 'messages' }}
          onPageChange={(next) => navigate({ search: { page: next || undefined } })}
          disabled={list.isPlaceholderData}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mailbox"
        description={
          seesOrganisation
            ? 'Mail Forecourt sent while no mail server is set up: yours, and that of your organisation’s members and invitees.'
            : 'Mail Forecourt sent you while no mail server is set up.'
        }
        actions={
          <Tooltip label="Check for new mail">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh the mailbox"
              onClick={() => list.refetch()}
              loading={list.isFetching && !list.isPending}
            >
              <IconRefresh size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }} display={{ base: message ? 'none' : 'block', md: 'block' }}>
          <Paper withBorder p="xs" radius="md">
            {listContent}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} display={{ base: message ? 'block' : 'none', md: 'block' }}>
          <Paper withBorder p="lg" radius="md" mih={240}>
            {message ? (
              <MessageView id={message} page={page} />
            ) : (
              <Group h={200} justify="center">
                <Text c="dimmed">Choose a message to read it.</Text>
              </Group>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
