import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionIn, type SessionHarness } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { renderWithProviders } from '../../tests/render';
import { SessionCheck } from './session-check';

// The real session machine, in the state the screen is shown for (the server could not be asked).
let session: SessionHarness;
beforeEach(async () => {
  session = await sessionIn('confirmFailed');
  installSessionActor(session.actor);
});

describe('SessionCheck', () => {
  it('while the server confirms the session: only a labelled spinner, nothing role-gated', () => {
    renderWithProviders(<SessionCheck reason="pending" />);
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('when the server could not be asked: says so, retries or signs out', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SessionCheck reason="unconfirmed" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session could not be checked');
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached, so your role is not known yet.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(session.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(session.fakes.fetchMe.calls).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(session.actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(session.fakes.logout.calls).toHaveLength(1);
  });

  it('speaks German too', () => {
    renderWithProviders(<SessionCheck reason="unconfirmed" />, { language: 'de' });
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ihre Sitzung konnte nicht geprüft werden');
  });
});
