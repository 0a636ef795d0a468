import type {
  TInboxClientEvents,
  TInboxServerEvents,
  TInboxUnreadEvent,
  TOperationsClientEvents,
  TOperationsEvents,
  TOperationsServerEvents,
} from '@forecourt/contracts';
import type { Namespace } from 'socket.io';
import { describe, expectTypeOf, it } from 'vitest';

/**
 * The socket event maps of the contracts, as the server's namespaces use them: `npx tsc -p
 * apps/server` fails when an emit sends a payload its contract does not describe (each
 * `@ts-expect-error` below must stay an error).
 */
type InboxNamespace = Namespace<TInboxClientEvents, TInboxServerEvents>;
type OperationsNamespace = Namespace<TOperationsClientEvents, TOperationsServerEvents>;

describe('socket event maps', () => {
  it('the inbox namespace emits only the inbox events with their contract payloads', () => {
    expectTypeOf<
      Parameters<TInboxServerEvents['unread_count_changed']>[0]
    >().toEqualTypeOf<TInboxUnreadEvent>();
    const emits = (namespace: InboxNamespace) => {
      namespace.to('room').emit('unseen_count_changed', { unseenCount: 3, hasMore: false });
      // @ts-expect-error the count is a number
      namespace.to('room').emit('unseen_count_changed', { unseenCount: '3', hasMore: false });
      // @ts-expect-error the severity counts are required
      namespace.to('room').emit('unread_count_changed', { unreadCount: 1, hasMore: false });
      // @ts-expect-error an operations event is not an inbox event
      namespace.emit('nozzle.state', {});
    };
    expectTypeOf(emits).toBeFunction();
  });

  it('the operations namespace emits its events with their contract payloads and takes subscribe', () => {
    expectTypeOf<Parameters<TOperationsServerEvents['sales.updated']>[0]>().toEqualTypeOf<
      TOperationsEvents['sales.updated']
    >();
    const emits = (namespace: OperationsNamespace, payload: TOperationsEvents['payments.created']) => {
      namespace.to('station:1').emit('payments.created', payload);
      // @ts-expect-error a payments payload is not a sales payload
      namespace.to('station:1').emit('sales.updated', payload);
      // @ts-expect-error not an operations event
      namespace.emit('unseen_count_changed', { unseenCount: 1, hasMore: false });
      namespace.on('connection', (socket) => {
        socket.on('subscribe', (request, ack) => {
          expectTypeOf(request.stationIds).toEqualTypeOf<'all' | number[]>();
          // @ts-expect-error the acknowledgement is a TSubscribeAck
          ack({ ok: true });
        });
      });
    };
    expectTypeOf(emits).toBeFunction();
  });
});
