import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionHarness, PROVIDER_SESSION, confirmedOf } from '@machines/testing/session-harness';
import { installSessionActor, restartSession } from '@/lib/session';
import { renderWithProviders } from '../../tests/render';
import { PERSIST_FAILED_EVENT, SessionEffects } from './session-effects';

afterEach(() => {
  delete window.mirageStatus;
  act(() => notifications.clean());
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

  it('says how many unreadable stored rows were dropped and which demo accounts were put back', async () => {
    window.mirageStatus = { persistFailed: false, dataReset: false, dropped: { users: 1, tasks: 2 }, restored: ['admin'] };
    restartSession({ idleMs: 0 });
    renderWithProviders(<SessionEffects />, { language: 'pt' });
    expect(await screen.findByText('Dados de demonstração reparados')).toBeInTheDocument();
    expect(
      screen.getByText(/Linhas salvas ilegíveis foram removidas: 3\..*Contas de demonstração restauradas: admin\./),
    ).toBeInTheDocument();
  });

  it('says nothing when the stored data was read as it was', () => {
    window.mirageStatus = { persistFailed: false, dataReset: false, dropped: {}, restored: [] };
    restartSession({ idleMs: 0 });
    renderWithProviders(<SessionEffects />);
    expect(screen.queryByText('Demo data repaired')).not.toBeInTheDocument();
    expect(screen.queryByText('Demo data reset')).not.toBeInTheDocument();
  });

  it('says why the session ended when the provider refused to renew it twice', async () => {
    const session = createSessionHarness();
    installSessionActor(session.actor);
    renderWithProviders(<SessionEffects />, { language: 'de' });
    await act(async () => {
      session.actor.send({ type: 'session.provider.signedIn', session: PROVIDER_SESSION });
      session.fakes.fetchMe.last().resolve(confirmedOf(PROVIDER_SESSION));
      await session.settle();
      void session.unauthorized(PROVIDER_SESSION.accessToken).catch(() => undefined);
      session.fakes.renewProvider.last().reject(new Error('login_required'));
      await session.settle();
      session.fakes.renewProvider.last().reject(new Error('login_required'));
      await session.settle();
    });
    expect(await screen.findByText('Sitzung abgelaufen')).toBeInTheDocument();
    expect(screen.getByText(/Die Anmeldung über Ihre Organisation konnte nicht erneuert werden/)).toBeInTheDocument();
  });
});
