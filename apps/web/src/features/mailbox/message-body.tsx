import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import classes from './mailbox.module.css';

/** http(s) addresses in plain text; trailing punctuation stays text. */
const URL_PATTERN = /(https?:\/\/[^\s<>"')]+[^\s<>"').,;:!?])/g;

/** The plain-text body with its links clickable (the reset and verification links, mostly). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" className={classes.text} data-testid="mailbox-text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Anchor key={index} href={part} inherit className={classes.link}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

/**
 * The message as text, or as the formatted HTML in a sandboxed frame (no scripts, no forms, no
 * access to the app), for people who want to see what the recipient sees.
 */
export function MessageBody({
  text,
  html,
  subject,
}: {
  text?: string | null;
  html?: string | null;
  subject: string;
}) {
  const [view, setView] = useState<'text' | 'html'>(text ? 'text' : 'html');
  if (!text && !html) return <Text c="dimmed">This message has no content.</Text>;
  return (
    <Stack gap="sm">
      {text && html && (
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={view}
          onChange={(value) => setView(value === 'html' ? 'html' : 'text')}
          data={[
            { value: 'text', label: 'Text' },
            { value: 'html', label: 'Formatted' },
          ]}
          aria-label="Show the message as"
        />
      )}
      {view === 'text' && text ? (
        <LinkifiedText text={text} />
      ) : (
        <iframe
          title={`Formatted message: ${subject}`}
          sandbox=""
          srcDoc={html ?? ''}
          className={classes.frame}
        />
      )}
    </Stack>
  );
}
