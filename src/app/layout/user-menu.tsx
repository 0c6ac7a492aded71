import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDatabaseCog, IconExternalLink, IconLock, IconLogout, IconSitemap, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { AvatarInitials } from '@/components/avatar-initials';
import { devtoolsEnabled } from '@/lib/inspection';
import { resetDemoData, sessionCommands, useCanLock, useSessionUser } from '@/lib/session';
import { LOCK_SCREEN_PATH, LOGIN_PATH } from '../guard';
import { profilePathFor } from './navigation';

const ROLE_LABEL_KEYS: Record<RoleId, string> = {
  1: 'auth.roles.superAdmin',
  2: 'auth.roles.admin',
  3: 'auth.roles.operator',
  4: 'auth.roles.user',
};

/** Demo data can be reset only on the embedded backend. */
export const canResetDemo = (env: Pick<ImportMetaEnv, 'VITE_API_MODE'> = import.meta.env) => env.VITE_API_MODE !== 'remote';

export function UserMenu({ role }: { role: RoleId | undefined }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  // A provider session is never locked here (no password to unlock with): no lock screen to offer.
  const canLock = useCanLock();
  const name = user?.displayName ?? '';
  const shownName = name || t('layout.signedIn');
  const roleLabel = role ? t(ROLE_LABEL_KEYS[role]) : '';

  const lock = async () => {
    await sessionCommands.lock();
    navigate(LOCK_SCREEN_PATH);
  };
  const signOut = async () => {
    await sessionCommands.logout();
    navigate(LOGIN_PATH);
  };
  const confirmReset = () =>
    modals.openConfirmModal({
      title: t('layout.resetDemoTitle'),
      children: <Text size="sm">{t('layout.resetDemoText')}</Text>,
      labels: { confirm: t('layout.resetDemoConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'danger' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => {
        resetDemoData().then(
          () => notifications.show({ color: 'success', message: t('layout.resetDemoDone') }),
          () => notifications.show({ color: 'danger', message: t('layout.resetDemoFailed') }),
        );
      },
    });

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* The name starts with what the button shows (WCAG 2.5.3 Label in Name): "Ada Admin, Admin – Account menu". */}
        <UnstyledButton
          aria-label={t('layout.userMenuNamed', { name: [shownName, roleLabel].filter(Boolean).join(', ') })}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <div style={{ textAlign: 'right' }}>
              <Text size="sm" fw={600} lh={1.2} visibleFrom="sm">
                {shownName}
              </Text>{' '}
              {roleLabel ? (
                <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                  {roleLabel}
                </Text>
              ) : null}
            </div>
            <Avatar src={user?.photoURL || null} alt="" radius="xl" color="primary" aria-hidden>
              {/* Initials are decoration (the name is spelled out): drawn by CSS, so they are not text. */}
              {name ? <AvatarInitials name={name} /> : <IconUser size={18} aria-hidden />}
            </Avatar>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name ? <Menu.Label>{name}</Menu.Label> : null}
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => navigate(profilePathFor(role))}>
          {t('layout.profile')}
        </Menu.Item>
        {canLock ? (
          <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => void lock()}>
            {t('layout.lockScreen')}
          </Menu.Item>
        ) : null}
        {/* The machine explorer (docs/statecharts.md): demo mode, development, or VITE_DEVTOOLS=true. */}
        {devtoolsEnabled() ? (
          <>
            <Menu.Item leftSection={<IconSitemap size={16} aria-hidden />} onClick={() => navigate('/dev/statecharts')}>
              {t('statecharts.title')}
            </Menu.Item>
            {/* A window of its own inspects this tab while its screen keeps running (src/lib/inspection). */}
            <Menu.Item
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={() => window.open('/dev/statecharts', 'statecharts', 'popup')}
            >
              {t('statecharts.openWindow')}
            </Menu.Item>
          </>
        ) : null}
        {canResetDemo() ? (
          <Menu.Item leftSection={<IconDatabaseCog size={16} aria-hidden />} onClick={confirmReset}>
            {t('layout.resetDemo')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        {/* Text in the scheme's readable red (danger-6 is 3.0:1 on the dark menu); hover from the palette. */}
        <Menu.Item
          color="danger"
          c="var(--mantine-color-danger-text)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut()}
        >
          {t('layout.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
