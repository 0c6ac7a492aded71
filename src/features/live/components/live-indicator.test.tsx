import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/render';
import { startFakeLive } from '../../../../tests/support/fake-live';
import { LiveIndicator } from './live-indicator';

/** A signed-in session whose live connection waits to be told its stream opened, as a real one waits for the server. */
let running: Awaited<ReturnType<typeof startFakeLive>> | null = null;
const startConnecting = async () => {
  running = await startFakeLive({ open: false });
  return running;
};

afterEach(() => {
  act(() => running?.stop());
  running = null;
});

describe('LiveIndicator', () => {
  it('shows nothing while no live connection runs (signed out)', () => {
    renderWithProviders(<LiveIndicator />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says Reconnecting while connecting, then Live, then Offline when it falls back to polling', async () => {
    const stream = await startConnecting();
    renderWithProviders(<LiveIndicator />);
    expect(screen.getByRole('status', { name: /^Reconnecting: / })).toHaveTextContent('Reconnecting');

    stream.send({ type: 'stream.opened' });
    const live = screen.getByRole('status', { name: 'Live: Changes made anywhere appear here as they happen.' });
    expect(live).toHaveTextContent('Live');

    // The explanation is the tooltip, reached by keyboard too.
    await userEvent.tab();
    expect(live).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Changes made anywhere appear here as they happen.');

    stream.send({ type: 'stream.failed', error: new Error('404'), notServed: true });
    expect(screen.getByRole('status', { name: /^Offline: Live updates are unavailable/ })).toHaveTextContent('Offline');
  });

  it.each([
    ['de', 'Verbindet neu'],
    ['fr', 'Reconnexion'],
    ['pt', 'Reconectando'],
  ] as const)('speaks the reader’s language (%s)', async (language, word) => {
    await startConnecting();
    renderWithProviders(<LiveIndicator />, { language });
    expect(screen.getByRole('status', { name: new RegExp(`^${word}: `) })).toHaveTextContent(word);
  });

  it('goes away while the session is locked (the connection is paused), and when it signs out (closed)', async () => {
    const { session } = await startConnecting();
    renderWithProviders(<LiveIndicator />);
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => session.actor.send({ type: 'session.lock' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    session.fakes.lock.last().resolve(null);
    await act(() => session.settle());

    act(() => session.actor.send({ type: 'session.unlock', password: 'secret' }));
    session.fakes.unlock.last().resolve(null);
    await act(() => session.settle());
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => session.actor.send({ type: 'session.logout' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
