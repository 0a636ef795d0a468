import { formatDate, formatDateTime, formatTime, type TTimeWindow } from '@forecourt/contracts';
import { Button, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { saveBlob } from '../lib/download';

/**
 * "Download CSV" and "Print" for a report screen (sales, metrics, overview, command centre). The
 * CSV is made in the browser from the figures on screen (`csv()`), so it is exactly what the user
 * sees; printing uses the print stylesheet (app/print.css), which leaves the report alone on the
 * page, and the browser's "Save as PDF" makes the PDF. Both wait until there are figures.
 */
export function ReportActions({
  fileName,
  csv,
}: {
  /** `null` while the figures load. */
  fileName: string | null;
  csv: (() => string) | null;
}) {
  const ready = fileName !== null && csv !== null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={!ready}
        onClick={() => {
          if (!ready) return;
          saveBlob(new Blob([csv()], { type: 'text/csv;charset=utf-8' }), fileName);
        }}
      >
        Download CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        disabled={!ready}
        onClick={() => window.print()}
      >
        Print
      </Button>
    </>
  );
}

/** A line only the printed report shows: the window it covers and when it was printed (IST). */
export function PrintedWindow({ span }: { span: TTimeWindow | undefined }) {
  if (!span) return null;
  const now = Date.now();
  return (
    <Text className="fc-print-only" size="sm">
      {formatDateTime(span.startDate, { now })} – {formatDateTime(span.endDate, { now })} (IST) · printed{' '}
      {formatDate(now)}, {formatTime(now)}
    </Text>
  );
}
