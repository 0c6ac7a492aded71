import type { ReactNode } from 'react';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { colorSchemeOf, cssVariablesResolver, theme, useThemeMode } from '@/lib/theme';
import { SessionEffects } from './session-effects';

export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  // The theme switcher's store decides the scheme; semi-dark is light with a dark sidebar.
  const mode = useThemeMode();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(mode)} cssVariablesResolver={cssVariablesResolver}>
        <LabelledModalsProvider>
          <Notifications position="top-right" />
          <SessionEffects />
          {children}
        </LabelledModalsProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Modals opened through `modals.open…` get a translated name on their close button (axe button-name). */
function LabelledModalsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}>{children}</ModalsProvider>;
}
