import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveNow } from './live-clock';
import { loaderWindow } from './loader-window';
import { resolveTimeWindow } from './resolve';

describe('a route loader and its screen ask for the same window', () => {
  afterEach(() => vi.useRealTimers());

  it('the screen opens at the instant the loader fixed, though its code arrived later', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00.400Z'), toFake: ['Date'] });
    const loaded = loaderWindow('command', {});
    // The route's code takes 1.7 s to download; the screen then mounts.
    vi.setSystemTime(Date.parse('2026-11-25T10:00:02.100Z'));
    const { result } = renderHook(() => useLiveNow(true, 60_000));
    const opened = resolveTimeWindow('command', {}, result.current).window;
    expect(opened.startDate).toBe(loaded.params.startDate);
    expect(opened.endDate).toBe(loaded.params.endDate);
  });

  it('a screen opened long after any loader uses the current time', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00.000Z'), toFake: ['Date'] });
    loaderWindow('command', {});
    vi.setSystemTime(Date.parse('2026-11-25T10:05:00.000Z'));
    const { result } = renderHook(() => useLiveNow(true, 60_000));
    expect(result.current).toBe(Date.parse('2026-11-25T10:05:00.000Z'));
  });

  it('an unreadable search falls back to the default window, and an invalid one says so', () => {
    expect(loaderWindow('command', { span: 'forever' }).error).toBeNull();
    const inverted = loaderWindow('command', {
      startDate: '2026-11-25T10:00:00.000Z',
      endDate: '2026-11-20T10:00:00.000Z',
    });
    expect(inverted.error).not.toBeNull();
  });
});
