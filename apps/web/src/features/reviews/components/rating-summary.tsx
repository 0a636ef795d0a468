import type { TRatingSummary } from '@forecourt/contracts';
import { Group, Paper, Progress, Rating, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';

/** The station's average with stars, the count and a bar per star (5 first). */
export function RatingSummary({ summary }: { summary: TRatingSummary }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="rating-summary">
      <Group align="center" gap="xl" wrap="wrap">
        <Stack gap={4} align="center" miw={140}>
          <Text fz={40} fw={700} lh={1} data-testid="rating-average">
            {summary.average === null ? '—' : summary.average.toFixed(1)}
          </Text>
          <Rating
            value={summary.average ?? 0}
            fractions={10}
            readOnly
            role="img"
            aria-label={
              summary.average === null ? 'No ratings yet' : `Average ${summary.average.toFixed(1)} of 5`
            }
          />
          <Text size="sm" c="dimmed">
            {formatNumber(summary.count)} {summary.count === 1 ? 'review' : 'reviews'}
          </Text>
        </Stack>
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          {summary.perStar.map((star) => {
            const share = summary.count ? (star.count / summary.count) * 100 : 0;
            return (
              <Group key={star.rating} gap="sm" wrap="nowrap" data-testid="rating-bar">
                <Text size="sm" w={48} ta="right">
                  {star.rating} ★
                </Text>
                <Progress
                  value={share}
                  color="yellow"
                  size="lg"
                  radius="sm"
                  style={{ flex: 1 }}
                  aria-label={`${star.rating} stars: ${star.count}`}
                />
                <Text size="sm" w={48} c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(star.count)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Group>
    </Paper>
  );
}
