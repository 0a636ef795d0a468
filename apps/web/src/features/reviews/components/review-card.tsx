import { type TStationReview, ZStationReviewReply } from '@forecourt/contracts';
import { Alert, Button, Group, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../components/query-states';
import { RecordHistoryButton } from '../../../components/record-history-button';
import { formatDate, formatDateTime } from '../../../lib/format';
import { fetchReview } from '../api';
import { reviewKeys, useReplyToReview } from '../queries';

/** One review with the station's reply; `canReply` shows the reply form (reviews:u). */
export function ReviewCard({
  slug,
  review,
  canReply,
}: {
  slug: string;
  review: TStationReview;
  canReply: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="review"
      component="article"
      aria-label={`Review by ${review.authorName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm">
            <Rating
              value={review.rating}
              readOnly
              size="sm"
              role="img"
              aria-label={`${review.rating} of 5 stars`}
            />
            <Text fw={600}>{review.title || 'No title'}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {review.authorName} · {formatDate(review.createdAt)}
          </Text>
        </Group>
        {review.body && <Text size="sm">{review.body}</Text>}
        {review.reply && !editing && (
          <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm" data-testid="review-reply">
            <Text size="xs" c="dimmed" mb={4}>
              Reply from the station{review.repliedAt ? ` · ${formatDateTime(review.repliedAt)}` : ''}
            </Text>
            <Text size="sm">{review.reply}</Text>
          </Paper>
        )}
        {canReply && editing ? (
          <ReplyForm slug={slug} review={review} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="xs">
            {canReply && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconMessageReply size={14} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {review.reply ? 'Edit reply' : 'Reply'}
              </Button>
            )}
            <RecordHistoryButton
              title={`History of the review by ${review.authorName}`}
              queryKey={reviewKeys.detail(slug, review.id)}
              load={(signal) => fetchReview(slug, review.id, signal)}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ReplyForm({ slug, review, onDone }: { slug: string; review: TStationReview; onDone: () => void }) {
  const reply = useReplyToReview(slug);
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZStationReviewReply.safeParse({ reply: text });
        if (!parsed.success) {
          setError(text.trim() ? 'At most 2,000 characters' : 'Write a reply first');
          return;
        }
        setError(null);
        reply.mutate({ id: review.id, reply: parsed.data.reply }, { onSuccess: onDone });
      }}
    >
      <Textarea
        label="Your reply"
        description="Shown publicly under the review; a new reply replaces the old one."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
        rows={3}
        maxLength={2000}
        data-autofocus
      />
      {reply.isError && (
        <Alert color="red" variant="light" role="alert">
          {describeError(reply.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" size="xs" loading={reply.isPending}>
          Save reply
        </Button>
        <Button variant="default" size="xs" onClick={onDone} disabled={reply.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
