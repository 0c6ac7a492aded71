import { useEffect, type ReactNode } from 'react';
import { ActionIcon, AppShell, Burger, Group, Kbd, Paper, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconSearch, IconServer2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { dashboardFor, type RoleId } from '@/lib/roles';
import { useSessionUser } from '@/lib/session';
import { semiDarkCss, SEMI_DARK_CLASS, useThemeMode } from '@/lib/theme';
import { LiveIndicator } from '@/features/live/components/live-indicator';
import type { AppRoute } from '../routes';
import { AppSpotlight } from './app-spotlight';
import { useBookmarks } from './bookmarks';
import { LanguageSwitcher } from './language-switcher';
import { PageHeader } from './page-header';
import { SideMenu } from './side-menu';
import { StarredLinks } from './starred-links';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

// Built once: the dark scheme's variables scoped to the semi-dark sidebar.
const SEMI_DARK_CSS = semiDarkCss();
// Most menu labels fit on one line; longer ones (German, French, Portuguese) wrap to a second line (side-menu.tsx).
export const NAVBAR_WIDTH = 280;

/**
 * The app shell of every signed-in screen (role-gated menu, search and starred pages for `role`): vertical layout (sidebar full height on the left),
 * floating top bar, collapsible sidebar with the role's menu (a burger below the md breakpoint, 992 px).
 */
export function AppLayout({ route, role, children }: { route: AppRoute; role: RoleId | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  // Open/closed is pure UI state; everything else comes from stores and machines.
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // `role` is the one the server confirmed (the router passes the guard's); never read from storage.
  const user = useSessionUser();
  const bookmarks = useBookmarks(user?.uid ?? null);
  const mode = useThemeMode();
  const semiDark = mode === 'semi-dark';

  useEffect(closeMobile, [location, closeMobile]);

  return (
    <AppShell
      layout="alt"
      header={{ height: 76 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
      data-theme-mode={mode}
    >
      {semiDark ? <style>{SEMI_DARK_CSS}</style> : null}
      <AppShell.Header withBorder={false} bg="transparent" px="md" pt="sm" style={{ pointerEvents: 'none' }}>
        {/* Floating navbar: a card with margin and shadow above the content. */}
        <Paper shadow="md" radius="md" h={60} px="sm" withBorder style={{ pointerEvents: 'auto' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={4} wrap="nowrap">
              <Burger
                opened={mobileOpened}
                onClick={toggleMobile}
                hiddenFrom="md"
                size="sm"
                aria-label={mobileOpened ? t('layout.closeMenu') : t('layout.openMenu')}
                aria-expanded={mobileOpened}
              />
              <Tooltip label={desktopOpened ? t('layout.collapseMenu') : t('layout.expandMenu')}>
                <ActionIcon
                  visibleFrom="md"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={toggleDesktop}
                  aria-label={desktopOpened ? t('layout.collapseMenu') : t('layout.expandMenu')}
                  aria-expanded={desktopOpened}
                >
                  {desktopOpened ? (
                    <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                  ) : (
                    <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
              <Group visibleFrom="sm" wrap="nowrap" gap={4}>
                <StarredLinks bookmarks={bookmarks} role={role} />
              </Group>
            </Group>
            <Group gap={4} wrap="nowrap">
              {/* Named as it reads ("Search pages Ctrl + K", WCAG 2.5.3 Label in Name); the shortcut is also announced as one. */}
              <UnstyledButton
                onClick={() => spotlight.open()}
                aria-label={`${t('layout.search')} ${t('layout.searchShortcut')}`}
                aria-keyshortcuts="Control+K Meta+K"
                aria-haspopup="dialog"
              >
                <Group gap={6} wrap="nowrap" px="xs" py={6} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                  <IconSearch size={20} aria-hidden />
                  <Text size="sm" c="dimmed" visibleFrom="lg">
                    {t('layout.search')}
                  </Text>{' '}
                  <Kbd size="xs" visibleFrom="lg">
                    {t('layout.searchShortcut')}
                  </Kbd>
                </Group>
              </UnstyledButton>
              <LiveIndicator />
              <LanguageSwitcher />
              <ThemeSwitcher />
              <UserMenu role={role} />
            </Group>
          </Group>
        </Paper>
      </AppShell.Header>

      <AppShell.Navbar
        p="xs"
        className={semiDark ? SEMI_DARK_CLASS : undefined}
        data-mantine-color-scheme={semiDark ? 'dark' : undefined}
        aria-label={t('layout.mainMenu')}
      >
        <Group h={60} px="xs" justify="space-between" wrap="nowrap">
          <UnstyledButton
            component={Link}
            href={role === undefined ? '/' : dashboardFor(role)}
            aria-label={`${t('common.appName')} – ${t('menu.home')}`}
          >
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
                <IconServer2 size={20} />
              </ThemeIcon>
              <Text fw={800} size="md" c="var(--mantine-color-text)">
                {t('common.appName')}
              </Text>
            </Group>
          </UnstyledButton>
          <Burger opened={mobileOpened} onClick={closeMobile} hiddenFrom="md" size="sm" aria-label={t('layout.closeMenu')} />
        </Group>
        <SideMenu role={role} onNavigate={closeMobile} />
      </AppShell.Navbar>

      <AppShell.Main bg={mode === 'dark' ? 'var(--mantine-color-dark-8)' : 'var(--mantine-color-gray-0)'} mih="100vh">
        <PageHeader route={route} path={location} bookmarks={bookmarks} />
        {children}
      </AppShell.Main>
      <AppSpotlight role={role} />
    </AppShell>
  );
}
