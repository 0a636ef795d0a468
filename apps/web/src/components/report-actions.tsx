import { formatDate, formatTime, type TTimeWindow } from '@forecourt/contracts';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
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
  const download = () => {
    if (ready) saveBlob(new Blob([csv()], { type: 'text/csv;charset=utf-8' }), fileName);
  };
  const print = () => window.print();
  // Phones get the same two actions as icons, so the figures are not pushed below the fold.
  const actions = [
    { label: 'Download CSV', Icon: IconDownload, run: download },
    { label: 'Print', Icon: IconPrinter, run: print },
  ];
  return (
    <>
      {actions.map(({ label, Icon, run }) => (
        <Button
          key={label}
          visibleFrom="sm"
          variant="default"
          leftSection={<Icon size={16} aria-hidden />}
          disabled={!ready}
          onClick={run}
        >
          {label}
        </Button>
      ))}
      {actions.map(({ label, Icon, run }) => (
        <Tooltip key={label} label={label}>
          <ActionIcon
            hiddenFrom="sm"
            variant="default"
            size="lg"
            aria-label={label}
            disabled={!ready}
            onClick={run}
          >
            <Icon size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </>
  );
}

/** A line only the printed report shows: the window it covers and when it was printed (IST). */
export function PrintedWindow({ span }: { span: TTimeWindow | undefined }) {
  if (!span) return null;
  // Whole dates on paper: a page read next week must not say "10:59 am – 10:59 am".
  const full = (at: string | number) => `${formatDate(at)}, ${formatTime(at)}`;
  return (
    <Text className="fc-print-only" size="sm">
      {full(span.startDate)} – {full(span.endDate)} (IST) · printed {full(Date.now())}
    </Text>
  );
}
