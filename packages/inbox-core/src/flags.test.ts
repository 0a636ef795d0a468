import { WIDGET_COUNT_LIMIT, WIDGET_FEED_LIMIT, WIDGET_SOCKET_EVENTS } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { COUNT_LIMIT, DEFAULT_PAGE_SIZE, SOCKET_EVENTS } from './constants';
import {
  applyMark,
  countDelta,
  effectiveMark,
  fetchedToRead,
  fetchedToSee,
  MARK_ALL_READ,
  MARK_ALL_SEEN,
  READ,
  SEEN,
  UNREAD,
} from './flags';
import { message } from './test/fakes';

const flags = (seen: boolean, read: boolean) => message({ seen, read });

describe('message flag rules', () => {
  it('mark as read sets seen and read', () => {
    expect(applyMark(flags(false, false), READ)).toMatchObject({ seen: true, read: true });
    expect(applyMark(flags(true, false), READ)).toMatchObject({ seen: true, read: true });
  });

  it('mark as unread sets seen and clears read', () => {
    expect(applyMark(flags(false, true), UNREAD)).toMatchObject({ seen: true, read: false });
    expect(applyMark(flags(true, true), UNREAD)).toMatchObject({ seen: true, read: false });
  });

  it('mark as seen alone (or with neither flag) sets seen and leaves read', () => {
    expect(effectiveMark({})).toEqual({ seen: true });
    expect(applyMark(flags(false, true), SEEN)).toMatchObject({ seen: true, read: true });
    expect(applyMark(flags(false, false), {})).toMatchObject({ seen: true, read: false });
  });

  it('only the flags given are written; an unchanged message is the same object', () => {
    const m = flags(true, false);
    expect(applyMark(m, { seen: true })).toBe(m);
    expect(applyMark(flags(false, false), { read: true })).toMatchObject({ seen: false, read: true });
  });

  it('mark all read sets read and seen; mark all seen sets seen and not read', () => {
    expect(applyMark(flags(false, false), MARK_ALL_READ)).toMatchObject({ seen: true, read: true });
    expect(applyMark(flags(false, true), MARK_ALL_SEEN)).toMatchObject({ seen: true, read: false });
    expect(applyMark(flags(false, false), MARK_ALL_SEEN)).toMatchObject({ seen: true, read: false });
  });

  it('mark fetched as read takes the unread ones; as seen the ones neither seen nor read', () => {
    const list = [flags(false, false), flags(true, false), flags(true, true), flags(false, true)];
    expect(fetchedToRead(list)).toEqual([list[0], list[1]]);
    expect(fetchedToSee(list)).toEqual([list[0]]);
  });

  it('count deltas follow the flags, removal included', () => {
    expect(countDelta(flags(false, false), flags(true, true))).toEqual({ unseen: -1, unread: -1 });
    expect(countDelta(flags(true, true), flags(true, false))).toEqual({ unseen: 0, unread: 1 });
    expect(countDelta(flags(false, false), null)).toEqual({ unseen: -1, unread: -1 });
    expect(countDelta(flags(true, true), null)).toEqual({ unseen: 0, unread: 0 });
  });
});

describe('constants', () => {
  it('mirror the contracts wire constants', () => {
    expect(COUNT_LIMIT).toBe(WIDGET_COUNT_LIMIT);
    expect(DEFAULT_PAGE_SIZE).toBe(WIDGET_FEED_LIMIT.default);
    expect(SOCKET_EVENTS).toEqual(WIDGET_SOCKET_EVENTS);
  });
});
