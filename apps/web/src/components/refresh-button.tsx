import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** The round "Refresh" button of a screen's header; spins while a refetch runs. */
export function RefreshButton({
  label,
  onRefresh,
  refreshing,
  disabled,
}: {
  /** What it refreshes, for assistive tech: "Refresh transactions". */
  label: string;
  onRefresh: () => void;
  refreshing?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip label="Refresh">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={onRefresh}
        disabled={disabled}
        loading={refreshing}
      >
        <IconRefresh size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
