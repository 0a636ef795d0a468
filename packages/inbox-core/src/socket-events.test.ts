import type { TInboxClientEvents, TInboxServerEvents, TInboxUnseenEvent } from '@forecourt/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expectTypeOf, it } from 'vitest';
import type { SocketLike } from './realtime';

/**
 * The inbox socket is typed by the contracts' event map: `npx tsc -p packages/inbox-core` fails
 * when a listener expects another payload (each `@ts-expect-error` below must stay an error).
 */
describe('inbox socket events', () => {
  it('a socket.io client typed by the contracts is a SocketLike', () => {
    expectTypeOf<Socket<TInboxServerEvents, TInboxClientEvents>>().toExtend<SocketLike>();
  });

  it('listeners get the contract payloads', () => {
    const listens = (socket: SocketLike) => {
      socket.on('unseen_count_changed', (data) => expectTypeOf(data).toEqualTypeOf<TInboxUnseenEvent>());
      socket.on('unread_count_changed', (data) => expectTypeOf(data.counts.total).toEqualTypeOf<number>());
      socket.on('notification_received', (data) => expectTypeOf(data.message._id).toEqualTypeOf<string>());
      // @ts-expect-error the unseen count is a number
      socket.on('unseen_count_changed', (data: { unseenCount: string }) => data);
      // @ts-expect-error not an inbox event
      socket.on('nozzle.state', () => undefined);
    };
    expectTypeOf(listens).toBeFunction();
  });
});
