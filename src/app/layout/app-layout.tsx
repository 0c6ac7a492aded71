import type { ReactNode } from 'react';
import { Anchor, AppShell, Breadcrumbs, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { parseRoleId, useAuthStorage } from '@/lib/auth-storage';
import { isAdminRole } from '@/lib/roles';
import type { AppRoute } from '../routes';
import { routes } from '../routes';

/** Routes the visitor's role may open, in menu order. */
export function menuRoutesFor(isAdmin: boolean): AppRoute[] {
  return routes
    .filter((r) => r.menu && (r.rule === 'isSignedIn' || (isAdmin ? r.rule === 'isAdmin' : r.rule === 'isUser')))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
}

export function AppLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure();
  const [location] = useLocation();
  const storage = useAuthStorage();
  const role = parseRoleId(storage.authValues);
  const items = menuRoutesFor(role !== undefined && isAdminRole(role));

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md">
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('menu.home')} />
          <Text fw={700}>{t('common.appName')}</Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('menu.home')}>
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              href={item.path}
              label={t(item.titleKey)}
              active={location === item.path || location.startsWith(`${item.path}/`)}
              leftSection={item.icon ? <item.icon size={18} aria-hidden /> : null}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Breadcrumbs mb="xs" aria-label="breadcrumb">
          <Anchor component={Link} href="/">
            {t('menu.home')}
          </Anchor>
          {route.breadcrumb.map((key) => (
            <Text key={key} size="sm">
              {t(key)}
            </Text>
          ))}
        </Breadcrumbs>
        <Title order={1} size="h2" mb="md">
          {t(route.titleKey)}
        </Title>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
