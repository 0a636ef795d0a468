import { ActionIcon, Group, Loader, Menu, SegmentedControl, Text } from '@mantine/core';
import { IconDots, IconDownload, IconList, IconMap2, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CsvDownloadButton, useCsvDownload } from '../../../components/csv-download-button';
import { ButtonLink } from '../../../components/links';
import { MenuItemLink } from '../../../components/menu-item-link';
import { describeError } from '../../../components/query-states';
import { RefreshButton } from '../../../components/refresh-button';
import { SavedViewsMenu } from '../../saved-views';

/**
 * The station list's header actions: saved views, list or map, the CSV download, "Add station"
 * and refresh. On a phone they keep to one row: List and Map show their icons only (their names
 * stay for assistive tech) and the download and "Add station" move into a "More actions" menu.
 */
export function StationListActions({
  isMap,
  onViewChange,
  csvUrl,
  canAddStation,
  onRefresh,
  refreshing,
}: {
  isMap: boolean;
  onViewChange: (view: string) => void;
  /** The list's CSV address; `null` when there is nothing to download (the map view). */
  csvUrl: string | null;
  canAddStation: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <>
      <SavedViewsMenu />
      <SegmentedControl
        aria-label="Show stations as"
        data-testid="station-view"
        className="fc-icon-segments"
        value={isMap ? 'map' : 'list'}
        onChange={onViewChange}
        data={[
          { value: 'list', label: <ViewLabel icon={<IconList size={16} aria-hidden />} name="List" /> },
          { value: 'map', label: <ViewLabel icon={<IconMap2 size={16} aria-hidden />} name="Map" /> },
        ]}
      />
      {csvUrl ? <CsvDownloadButton url={csvUrl} fallbackName="stations.csv" visibleFrom="sm" /> : null}
      {canAddStation ? (
        <ButtonLink
          to="/stations/new"
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          visibleFrom="sm"
        >
          Add station
        </ButtonLink>
      ) : null}
      {csvUrl || canAddStation ? <PhoneMoreMenu csvUrl={csvUrl} canAddStation={canAddStation} /> : null}
      <RefreshButton label="Refresh stations" onRefresh={onRefresh} refreshing={refreshing} />
    </>
  );
}

/** A view's icon and name; on a phone the name is read out but not shown. */
function ViewLabel({ icon, name }: { icon: ReactNode; name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <span className="fc-phone-visually-hidden">{name}</span>
    </Group>
  );
}

/** Phones: the download and "Add station" behind one button; the download shows its progress here. */
function PhoneMoreMenu({ csvUrl, canAddStation }: { csvUrl: string | null; canAddStation: boolean }) {
  const csv = useCsvDownload(csvUrl ?? '', 'stations.csv');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          hiddenFrom="sm"
          variant="default"
          size="lg"
          aria-label="More actions"
          aria-busy={csv.busy}
        >
          {csv.busy ? <Loader size={16} aria-hidden /> : <IconDots size={18} stroke={1.6} aria-hidden />}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {csvUrl ? (
          <Menu.Item
            leftSection={csv.busy ? <Loader size={14} aria-hidden /> : <IconDownload size={16} aria-hidden />}
            color={csv.failed ? 'red' : undefined}
            onClick={csv.start}
            disabled={csv.busy}
            closeMenuOnClick={false}
          >
            <span aria-live="polite">{csv.label}</span>
            {csv.failed ? (
              <Text size="xs" c="dimmed">
                {describeError(csv.error)}
              </Text>
            ) : null}
          </Menu.Item>
        ) : null}
        {canAddStation ? (
          <MenuItemLink to="/stations/new" leftSection={<IconPlus size={16} aria-hidden />}>
            Add station
          </MenuItemLink>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
