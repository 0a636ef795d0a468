import type { PushMessage } from '../push';

/** The payload as a flat map of strings (FCM data, APNS/Expo custom data keep objects). */
export function stringData(payload: PushMessage['payload']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** A UUID (version 4 layout) derived from an idempotency key: the same key, the same UUID. */
export function uuidOf(key: string, hex: (text: string) => string): string {
  const h = hex(key).slice(0, 32).split('');
  h[12] = '4';
  h[16] = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
