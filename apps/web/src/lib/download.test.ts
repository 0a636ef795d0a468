import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/session';
import { downloadCsv } from './download';

/** A streamed CSV answer that arrives in `chunks`, as a long export does. */
function streamedCsv(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="x-20261126.csv"',
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadCsv', () => {
  it('reports the records received as the file streams, then saves the whole file under its name', async () => {
    signIn();
    stubFetch(() => streamedCsv(['\uFEFFID,Amount (₹)\r\n1,2.00\r\n', '2,3.00\r\n3,4.', '50\r\n']));
    const saved: { blob: Blob | null; name: string } = { blob: null, name: '' };
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.blob = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
    });
    const progress: number[] = [];
    await downloadCsv('/api/transactions?format=csv', 'fallback.csv', (records) => progress.push(records));
    expect(progress).toEqual([2, 3, 4]);
    expect(saved.name).toBe('x-20261126.csv');
    // The bytes are saved as they came, byte-order mark (EF BB BF) included.
    const bytes = new Uint8Array((await saved.blob?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFID,Amount (₹)\r\n1,2.00\r\n2,3.00\r\n3,4.50\r\n',
    );
  });
});
