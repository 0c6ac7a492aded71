import { Alert, Badge, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DemoResetButton } from '@/components/status-page';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';

/**
 * The login page's demo accounts (demo mode): a click fills the form with one of them. Its own module so a
 * remote build leaves it out of the sign-in page's chunk.
 */
export function DemoAccountsBox({ onPick }: { onPick: (account: { username: string; password: string }) => void }) {
  const { t } = useTranslation();
  return (
    // The body may shrink below its longest label, so a long translation wraps instead of pushing the boxes out of view.
    <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('auth.login.demoTitle')} styles={{ body: { minWidth: 0 } }}>
      <Text size="sm" mb="xs" id="demo-accounts-hint">
        {t('auth.login.demoHint', { password: DEMO_PASSWORD })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {DEMO_ACCOUNTS.map((account) => (
          // Named by what it shows, "superadmin Super admin" (WCAG 2.5.3 Label in Name); the hint describes what it does.
          <UnstyledButton
            key={account.username}
            aria-describedby="demo-accounts-hint"
            onClick={() => onPick({ username: account.username, password: DEMO_PASSWORD })}
            p={6}
            style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="sm" fw={600} ff="monospace">
              {account.username}
            </Text>{' '}
            <Badge size="xs" variant="light">
              {t(account.roleKey)}
            </Badge>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {/* A broken or emptied demo database is the usual reason nobody can sign in: the way out is here. */}
      <Group justify="flex-end" mt="xs">
        <DemoResetButton size="xs" h="auto" mih={30} maw="100%" styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }} />
      </Group>
    </Alert>
  );
}
