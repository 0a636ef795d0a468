import { formatNumber } from '@forecourt/contracts';
import { Button, Loader, type MantineBreakpoint, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCsv } from '../lib/download';
import { describeError } from './query-states';

export type TCsvDownload = {
  start: () => Promise<void>;
  busy: boolean;
  error: unknown;
  failed: boolean;
  /** "Download CSV", "Preparing CSV…", "Downloading… 1,234 rows" or "Download failed, retry". */
  label: string;
};

/**
 * The state of one list's CSV download: `url` is the list's address with `format=csv` (its filters
 * and sort, no cursor: every row). While it streams, the label counts the rows received so far.
 */
export function useCsvDownload(url: string, fallbackName: string): TCsvDownload {
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  // Rows received so far (header excluded), shown while a long export streams.
  const [rows, setRows] = useState(0);
  const start = async () => {
    setState({ busy: true, error: null });
    setRows(0);
    try {
      await downloadCsv(url, fallbackName, (records) => setRows(Math.max(0, records - 1)));
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  const failed = state.error !== null;
  const label = failed
    ? 'Download failed, retry'
    : state.busy
      ? rows > 0
        ? `Downloading… ${formatNumber(rows)} rows`
        : 'Preparing CSV…'
      : 'Download CSV';
  return { start, busy: state.busy, error: state.error, failed, label };
}

/**
 * "Download CSV" for a list (see {@link useCsvDownload}); a failure shows under the button's
 * tooltip and in its label.
 */
export function CsvDownloadButton({
  url,
  fallbackName,
  disabled,
  visibleFrom,
}: {
  url: string;
  fallbackName: string;
  disabled?: boolean;
  /** Shown only from this breakpoint up (a phone reaches the download another way). */
  visibleFrom?: MantineBreakpoint;
}) {
  const csv = useCsvDownload(url, fallbackName);
  return (
    <Tooltip
      label={csv.failed ? describeError(csv.error) : 'Every row with these filters and sort'}
      withArrow
    >
      <Button
        variant="default"
        color={csv.failed ? 'red' : undefined}
        leftSection={csv.busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />}
        onClick={csv.start}
        disabled={disabled || csv.busy}
        aria-busy={csv.busy}
        visibleFrom={visibleFrom}
      >
        <span aria-live="polite">{csv.label}</span>
      </Button>
    </Tooltip>
  );
}
