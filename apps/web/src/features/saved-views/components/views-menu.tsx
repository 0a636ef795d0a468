import { SAVED_VIEW_LISTS, type TSavedView, type TSavedViewListId } from '@forecourt/contracts';
import { Button, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBookmark,
  IconBookmarkPlus,
  IconCheck,
  IconChevronDown,
  IconSettings,
} from '@tabler/icons-react';
import { useLocation, useMatches, useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSavedViews } from '../queries';
import { applicableSearch, searchKey, viewSearchOf } from '../view-search';
import { ManageViewsModal } from './manage-views-modal';
import { SaveViewModal } from './save-view-modal';

const LISTS = new Set<string>(SAVED_VIEW_LISTS);

/** The list the page shows, named by its route (`/stations/$slug/payments`), when views can be saved for it. */
function useCurrentList(): { list: TSavedViewListId; validator: unknown } | null {
  const router = useRouter();
  const match = useMatches({
    select: (matches) => {
      const last = matches[matches.length - 1];
      return last ? `${last.routeId}\n${last.fullPath}` : '';
    },
  });
  const [routeId = '', fullPath = ''] = match.split('\n');
  const list = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
  if (!LISTS.has(list)) return null;
  const route = (router.routesById as Record<string, { options?: { validateSearch?: unknown } }>)[routeId];
  return { list: list as TSavedViewListId, validator: route?.options?.validateSearch };
}

/**
 * "Views" of a list: apply one of the user's saved views (filters, sort and window), save the
 * current state under a name, rename or delete them. The button names the view the page shows,
 * if any. Lists whose route is not in SAVED_VIEW_LISTS show nothing.
 */
export function SavedViewsMenu() {
  const current = useCurrentList();
  if (!current) return null;
  return <ViewsMenu list={current.list} validator={current.validator} />;
}

function ViewsMenu({ list, validator }: { list: TSavedViewListId; validator: unknown }) {
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const views = useSavedViews();
  const [saving, saveModal] = useDisclosure(false);
  const [managing, manageModal] = useDisclosure(false);

  const mine = useMemo(
    () =>
      (views.data?.results ?? [])
        .filter((view) => view.list === list)
        .map((view) => ({ view, search: applicableSearch(view.search, validator) })),
    [views.data, list, validator],
  );
  const currentKey = searchKey(search);
  const active = mine.find((entry) => searchKey(entry.search) === currentKey)?.view;

  const apply = (entry: { view: TSavedView; search: Record<string, unknown> }) =>
    navigate({ to: '.', search: () => entry.search } as never);

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid="views-menu"
            maw={260}
          >
            <Text span inherit truncate="end">
              {active ? `View: ${active.name}` : 'Views'}
            </Text>
          </Button>
        </Menu.Target>
        {/* Named by its label; a menu holds menu items only (no text label inside it). */}
        <Menu.Dropdown aria-label="Saved views of this list" data-testid="views-dropdown">
          {views.isError || mine.length === 0 ? (
            // A menu holds menu items only: the state is one that cannot be chosen.
            <Menu.Item disabled>
              {views.isError
                ? 'Could not load your views.'
                : views.data
                  ? 'No saved views yet.'
                  : 'Loading views…'}
            </Menu.Item>
          ) : (
            mine.map((entry) => (
              <Menu.Item
                key={entry.view.id}
                onClick={() => apply(entry)}
                leftSection={
                  entry.view === active ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />
                }
                aria-current={entry.view === active ? 'true' : undefined}
                data-testid="saved-view"
              >
                {entry.view.name}
              </Menu.Item>
            ))
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconBookmarkPlus size={16} aria-hidden />} onClick={saveModal.open}>
            Save current view as…
          </Menu.Item>
          {mine.length > 0 && (
            <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={manageModal.open}>
              Rename or delete views…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal opened={saving} onClose={saveModal.close} list={list} search={viewSearchOf(search)} />
      <ManageViewsModal
        opened={managing}
        onClose={manageModal.close}
        views={mine.map((entry) => entry.view)}
      />
    </>
  );
}
