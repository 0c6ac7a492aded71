import { ActionIcon, Anchor, Breadcrumbs, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppRoute } from '../routes';
import { useCanStar, useStarredPaths, type BookmarksRef } from './bookmarks';
import classes from './page-header.module.css';

/** Breadcrumb (Home, then the route's trail), the page title and its star. */
export function PageHeader({ route, path, bookmarks }: { route: AppRoute; path: string; bookmarks: BookmarksRef }) {
  const { t } = useTranslation();
  const starred = useStarredPaths(bookmarks);
  const canStar = useCanStar(bookmarks) && route.searchable === true;
  // Nested apps star their entry page, not a sub-view.
  const target = route.nest ? route.path : path;
  const isStarred = starred.includes(target);
  const label = isStarred ? t('layout.unstar') : t('layout.star');
  return (
    <header>
      <nav aria-label={t('layout.breadcrumb')}>
        <Breadcrumbs mb={6} separatorMargin={6}>
          <Anchor component={Link} href="/" size="sm">
            {t('menu.home')}
          </Anchor>
          {route.breadcrumb.map((key, i) => (
            <Text
              key={key}
              size="sm"
              c={i === route.breadcrumb.length - 1 ? undefined : 'dimmed'}
              aria-current={i === route.breadcrumb.length - 1 ? 'page' : undefined}
            >
              {t(key)}
            </Text>
          ))}
        </Breadcrumbs>
      </nav>
      <Group gap="xs" mb="md" wrap="nowrap">
        <Title order={1} size="h2" className={classes.title}>
          {t(route.titleKey)}
        </Title>
        {canStar ? (
          <Tooltip label={label}>
            <ActionIcon
              variant="subtle"
              color={isStarred ? 'warning' : 'gray'}
              size="lg"
              aria-label={label}
              aria-pressed={isStarred}
              onClick={() => bookmarks.send({ type: 'bookmark.toggle', path: target })}
            >
              {isStarred ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </header>
  );
}
