import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
// First-load CSS: Mantine's base and the components of the public pages. Every other stylesheet comes with
// the overlays chunk (./overlays.tsx), before any signed-in page renders (docs/performance.md).
import './styles/mantine-first.css';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouteAccessContext } from '@/lib/session/light';
import { colorSchemeOf, cssVariablesResolver, theme, useThemeMode } from '@/lib/theme';
import { canOpenPath } from './landing';
import { overlaysWanted, subscribeOverlayDemand } from './overlays-demand';
import { SessionEffects } from './session-effects';

// Toasts and modals: their own chunk (./overlays.tsx), mounted once something needs it (./overlays-demand.ts):
// with a signed-in page, or on /login at the first toast, modal or key or pointer press, not in its first load.
const Overlays = lazy(() => import('./overlays'));
const noDemand = () => false;

export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  // The theme switcher's store decides the scheme; semi-dark is light with a dark sidebar.
  const mode = useThemeMode();
  const overlays = useSyncExternalStore(subscribeOverlayDemand, overlaysWanted, noDemand);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(mode)} cssVariablesResolver={cssVariablesResolver}>
        {overlays ? (
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        ) : null}
        <SessionEffects />
        {/* Where a sign-in may land: the pages that choose it ask the route table through this. */}
        <RouteAccessContext value={canOpenPath}>{children}</RouteAccessContext>
      </MantineProvider>
    </I18nextProvider>
  );
}
