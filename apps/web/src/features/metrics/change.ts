import { formatPercent } from '@forecourt/contracts';

/**
 * A figure against the previous period: the direction, the change in percent and what it means.
 * `upIsGood` says whether a rise is good news (revenue) or bad (incidents); an unchanged figure,
 * or one without a previous value to compare with, is neutral.
 */
export type TChange = {
  direction: 'up' | 'down' | 'flat';
  /** `'12.3%'`; `'new'` when the previous period had nothing. */
  percent: string;
  tone: 'good' | 'bad' | 'neutral';
  /** Read by screen readers: "up 12.3% on the previous period". */
  description: string;
};

/**
 * `against` names the compared period in the sentence ("the same days last week"); the previous
 * period when absent.
 */
export function changeOf(
  current: number,
  previous: number | null,
  upIsGood = true,
  against = 'the previous period',
): TChange | null {
  if (previous === null || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  if (previous === 0) {
    if (current === 0)
      return {
        direction: 'flat',
        percent: '0%',
        tone: 'neutral',
        description: `no change on ${against}`,
      };
    return {
      direction: current > 0 ? 'up' : 'down',
      percent: 'new',
      tone: current > 0 === upIsGood ? 'good' : 'bad',
      description: `none in ${against}`,
    };
  }
  const ratio = (current - previous) / Math.abs(previous);
  const percent = formatPercent(Math.abs(ratio));
  if (percent === '0%') {
    return { direction: 'flat', percent, tone: 'neutral', description: `no change on ${against}` };
  }
  const direction = ratio > 0 ? 'up' : 'down';
  return {
    direction,
    percent,
    tone: (direction === 'up') === upIsGood ? 'good' : 'bad',
    description: `${direction} ${percent} on ${against}`,
  };
}
