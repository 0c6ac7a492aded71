import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { useStarredPaths, type BookmarksRef } from './bookmarks';
import { bookmarkRoutesFor } from './navigation';
import { routeIcon } from './route-icons';

/** The starred pages as icon links in the navbar (up to the machine's capacity, 10). */
export function StarredLinks({ bookmarks, role }: { bookmarks: BookmarksRef; role: RoleId | undefined }) {
  const { t } = useTranslation();
  const starred = bookmarkRoutesFor(useStarredPaths(bookmarks), role);
  if (starred.length === 0) return null;
  return (
    <Group component="nav" gap={2} aria-label={t('layout.starred')} wrap="nowrap">
      {starred.map((route) => {
        const RouteIcon = routeIcon(route) ?? IconStarFilled;
        return (
          <Tooltip key={route.path} label={t(route.titleKey)}>
            <ActionIcon component={Link} href={route.path} variant="subtle" color="gray" size="lg" aria-label={t(route.titleKey)}>
              <RouteIcon size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
