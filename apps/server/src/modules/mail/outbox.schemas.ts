/** The outbox contracts live in packages/contracts (`entities/outbox-message.ts`). */
export {
  type TOutboxList,
  type TOutboxListQuery,
  type TOutboxMessage,
  ZOutboxList,
  ZOutboxListQuery,
  ZOutboxMessage,
  ZOutboxParams,
} from '@forecourt/contracts';
