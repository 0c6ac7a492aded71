import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { memoryLocation } from 'wouter/memory-location';
import { canOpenPath } from '@/app/landing';
import { createI18n, type Language } from '@/lib/i18n';
import { RouteAccessContext } from '@/lib/session/light';
import { theme } from '@/lib/theme';

export interface RenderOptions {
  /** Initial path (with query) for the memory router. */
  path?: string;
  language?: Language;
}

/** Renders UI with the app's providers, a memory router and the real translations. */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & {
  location: ReturnType<typeof memoryLocation>;
} {
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const i18n = createI18n(options.language ?? 'en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <ModalsProvider>
          <Notifications />
          <Router hook={location.hook} searchHook={location.searchHook}>
            <RouteAccessContext value={canOpenPath}>{children}</RouteAccessContext>
          </Router>
        </ModalsProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper }), { location });
}

/** A screen at `path` of the browser's own address bar, for screens that read and write it (useListUrl). */
export function renderAt(ui: ReactElement, path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(
    <Router hook={useBrowserLocation} searchHook={useBrowserSearch}>
      {ui}
    </Router>,
  );
}
