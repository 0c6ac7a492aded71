import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { restartSession } from '@/lib/session';
import { renderWithProviders } from '../../tests/render';
import { PERSIST_FAILED_EVENT, SessionEffects } from './session-effects';

afterEach(() => {
  delete window.mirageStatus;
});

describe('SessionEffects', () => {
  it('reports a failed demo-data write instead of swallowing it', async () => {
    restartSession({ idleMs: 0 });
    renderWithProviders(<SessionEffects />, { language: 'de' });
    act(() => {
      window.dispatchEvent(new CustomEvent(PERSIST_FAILED_EVENT));
    });
    expect(await screen.findByText('Demo-Daten nicht gespeichert')).toBeInTheDocument();
  });

  it('shows problems that happened before it mounted, and a reseed', async () => {
    window.mirageStatus = { persistFailed: false, dataReset: true };
    restartSession({ idleMs: 0 });
    renderWithProviders(<SessionEffects />);
    expect(await screen.findByText('Demo data reset')).toBeInTheDocument();
  });
});
