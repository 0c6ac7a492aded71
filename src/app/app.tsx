import type { i18n as I18n } from 'i18next';
import { Router } from 'wouter';
import { BackendProgressBar } from './backend-progress';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <AppProviders i18n={i18n}>
      {/* Demo mode only: a remote build has no embedded backend (nor this bar and its Progress in its entry). */}
      {import.meta.env.VITE_API_MODE !== 'remote' ? <BackendProgressBar /> : null}
      <Router>
        <AppRouter />
      </Router>
    </AppProviders>
  );
}
