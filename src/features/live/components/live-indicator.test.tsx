import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  liveEventsMachine,
  type FetchRecentInput,
  type LiveEventsEvent,
  type OpenStreamInput,
  type RecentEvents,
} from '@machines/live/live-events.machine';
import { startLive, stopLive } from '@/lib/live';
import { renderWithProviders } from '../../../../tests/render';
import { LiveIndicator } from './live-indicator';

/** The live actor with a stream the test drives (what the real transports send back). */
function startFakeLive() {
  let send: ((event: LiveEventsEvent) => void) | null = null;
  const logic = liveEventsMachine.provide({
    actors: {
      openStream: fromCallback<EventObject, OpenStreamInput>(({ sendBack }) => {
        send = sendBack;
      }),
      fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
    },
  });
  startLive(logic, { jitter: 0 });
  return { send: (event: LiveEventsEvent) => act(() => send?.(event)) };
}

afterEach(() => act(() => stopLive()));

describe('LiveIndicator', () => {
  it('shows nothing while no live connection runs (signed out)', () => {
    renderWithProviders(<LiveIndicator />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says Reconnecting while connecting, then Live, then Offline when it falls back to polling', async () => {
    const stream = startFakeLive();
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
    startFakeLive();
    renderWithProviders(<LiveIndicator />, { language });
    expect(screen.getByRole('status', { name: new RegExp(`^${word}: `) })).toHaveTextContent(word);
  });

  it('goes away when the connection closes (sign-out)', () => {
    startFakeLive();
    renderWithProviders(<LiveIndicator />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => stopLive());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
