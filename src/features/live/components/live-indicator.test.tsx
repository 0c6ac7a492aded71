import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stopLive } from '@/lib/live';
import { renderWithProviders } from '../../../../tests/render';
import { startFakeLive } from '../../../../tests/support/fake-live';
import { LiveIndicator } from './live-indicator';

/** The live actor on a stream that waits to be told it opened, as a real one waits for the server. */
const startConnecting = () => startFakeLive({ open: false });

afterEach(() => act(() => stopLive()));

describe('LiveIndicator', () => {
  it('shows nothing while no live connection runs (signed out)', () => {
    renderWithProviders(<LiveIndicator />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says Reconnecting while connecting, then Live, then Offline when it falls back to polling', async () => {
    const stream = startConnecting();
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
  ] as const)('speaks the reader’s language (%s)', (language, word) => {
    startConnecting();
    renderWithProviders(<LiveIndicator />, { language });
    expect(screen.getByRole('status', { name: new RegExp(`^${word}: `) })).toHaveTextContent(word);
  });

  it('goes away when the connection closes (sign-out)', () => {
    startConnecting();
    renderWithProviders(<LiveIndicator />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => stopLive());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
