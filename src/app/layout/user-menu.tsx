import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDatabaseCog, IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { resetDemoData, sessionCommands, useSessionUser } from '@/lib/session';
import { LOCK_SCREEN_PATH, LOGIN_PATH } from '../guard';
import { profilePathFor } from './navigation';

/** Demo data can be reset only on the embedded backend. */
export const canResetDemo = (env: Pick<ImportMetaEnv, 'VITE_API_MODE'> = import.meta.env) => env.VITE_API_MODE !== 'remote';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

export function UserMenu({ role }: { role: RoleId | undefined }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const name = user?.displayName ?? '';

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
        <UnstyledButton aria-label={t('layout.userMenu')} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <div style={{ textAlign: 'right' }}>
              <Text size="sm" fw={600} lh={1.2} visibleFrom="sm">
                {name || t('layout.signedIn')}
              </Text>
              {user?.userRole ? (
                <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                  {user.userRole}
                </Text>
              ) : null}
            </div>
            <Avatar src={user?.photoURL || null} alt={name} radius="xl" color="primary">
              {initialsOf(name) || <IconUser size={18} aria-hidden />}
            </Avatar>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name ? <Menu.Label>{name}</Menu.Label> : null}
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => navigate(profilePathFor(role))}>
          {t('layout.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => void lock()}>
          {t('layout.lockScreen')}
        </Menu.Item>
        {canResetDemo() ? (
          <Menu.Item leftSection={<IconDatabaseCog size={16} aria-hidden />} onClick={confirmReset}>
            {t('layout.resetDemo')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="danger" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          {t('layout.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
