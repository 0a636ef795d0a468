import { formatNumber } from '@forecourt/contracts';
import { Button, Loader, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCsv } from '../lib/download';
import { describeError } from './query-states';

/**
 * "Download CSV" for a list: `url` is the list's address with `format=csv` (its filters and sort,
 * no cursor: every row). While it streams, the label counts the rows received so far; a failure
 * shows under the button's tooltip and in its label.
 */
export function CsvDownloadButton({
  url,
  fallbackName,
  disabled,
}: {
  url: string;
  fallbackName: string;
  disabled?: boolean;
}) {
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
  return (
    <Tooltip label={failed ? describeError(state.error) : 'Every row with these filters and sort'} withArrow>
      <Button
        variant="default"
        color={failed ? 'red' : undefined}
        leftSection={state.busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />}
        onClick={start}
        disabled={disabled || state.busy}
        aria-busy={state.busy}
      >
        <span aria-live="polite">{label}</span>
      </Button>
    </Tooltip>
  );
}
