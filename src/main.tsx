import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startBackend } from './app/backend';
import { createI18n } from './lib/i18n';
import { startInspection } from './lib/inspection';

async function bootstrap() {
  // Before any actor starts: the machine explorer's log then holds the whole visit (docs/statecharts.md).
  startInspection();
  try {
    await startBackend();
  } catch (error) {
    // The app still renders: screens show their own request errors instead of a blank page.
    console.error('The embedded backend failed to start', error);
  }
  const container = document.getElementById('app');
  if (!container) throw new Error('#app element missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={createI18n()} />
    </StrictMode>,
  );
}

void bootstrap();
