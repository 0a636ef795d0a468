import { Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCsv } from '../lib/download';
import { describeError } from './query-states';

/**
 * "Download CSV" for a list: `url` is the list's address with `format=csv` (its filters and sort,
 * no cursor: every row). A failure shows under the button's tooltip and in its label.
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
  const start = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadCsv(url, fallbackName);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  const failed = state.error !== null;
  return (
    <Tooltip label={failed ? describeError(state.error) : 'Every row with these filters and sort'} withArrow>
      <Button
        variant="default"
        color={failed ? 'red' : undefined}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={start}
        loading={state.busy}
        disabled={disabled}
      >
        {failed ? 'Download failed, retry' : 'Download CSV'}
      </Button>
    </Tooltip>
  );
}
