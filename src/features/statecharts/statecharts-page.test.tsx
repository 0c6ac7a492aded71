import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup } from 'xstate';
import { authFormMachine, type AuthFormValues } from '@machines/session/auth-form.machine';
import { scenariosOf } from '@machines/statecharts/chart';
import { MACHINES } from '@machines/statecharts/registry';
import { buildResources } from '@/lib/i18n';
import { clearInspection, noteApiCall, startInspection, withInspect } from '@/lib/inspection';
import { discardRecording } from './recording';
import { renderWithProviders } from '../../../tests/render';
import StatechartsPage from './statecharts-page';

// React Flow and ELK need a real browser (tests/e2e/statecharts.spec.ts draws them); here the chart lists
// the states it would highlight, so the page's own logic is tested by role and label.
vi.mock('./components/chart-view', () => ({
  default: ({ active }: { active: readonly string[] }) => (
    <ul aria-label="Active states">
      {active.map((id) => (
        <li key={id} aria-current="true">
          {id}
        </li>
      ))}
    </ul>
  ),
}));

const door = setup({
  types: {} as { events: { type: 'door.open'; password: string } | { type: 'door.close' }; context: { opened: number } },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': { target: 'open', actions: assign({ opened: ({ context }) => context.opened + 1 }) } } },
    open: { on: { 'door.close': 'closed' } },
  },
});

// ELK's 1.5 MB layout engine is not needed for a chart that is not drawn.
vi.mock('elkjs/lib/elk.bundled.js', () => ({
  default: class {
    layout<T>(graph: T): Promise<T> {
      return Promise.resolve(graph);
    }
  },
}));

afterEach(() => {
  // Unmounted first: clearing the buffer re-renders whatever still shows it.
  cleanup();
  discardRecording();
  startInspection(false);
  clearInspection({ actors: true });
});

describe('machine explorer', () => {
  it('lists every machine and opens one from a deep link, with its scenarios', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts?machine=session' });
    const nav = screen.getByRole('navigation', { name: 'Machines' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(MACHINES.map((m) => m.name));
    expect(within(nav).getByRole('link', { name: 'session' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('list', { name: 'Active states' })).toBeEmptyDOMElement();

    await user.click(screen.getByRole('tab', { name: 'Scenarios' }));
    const session = MACHINES.find((m) => m.name === 'session');
    const count = session ? scenariosOf(session.machine).length : 0;
    expect(screen.getByRole('heading', { name: `Scenarios (${count})` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replay signingIn' }));
    const steps = screen.getByRole('list', { name: 'Steps' });
    while (screen.getByRole('button', { name: /^Next step/ }).hasAttribute('disabled') === false) {
      await user.click(screen.getByRole('button', { name: /^Next step/ }));
    }
    expect(within(steps).getAllByText('reached').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Active states' })).getByText('signingIn')).toHaveAttribute('aria-current', 'true');
  });

  it.each([
    ['en', 'A one-shot job started from a button'],
    ['de', 'Ein einmaliger Auftrag über eine Schaltfläche'],
    ['fr', 'Une tâche ponctuelle lancée par un bouton'],
    ['pt', 'Uma tarefa única iniciada por um botão'],
  ] as const)('describes the machine in the reader’s language (%s)', async (language, start) => {
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts?machine=job', language });
    expect(await screen.findByText((text) => text.startsWith(start))).toBeInTheDocument();
  });

  it('has a description of every machine in every language, the English one being the registry’s', () => {
    const resources = buildResources();
    const missing = (['en', 'de', 'fr', 'pt'] as const).flatMap((lng) =>
      MACHINES.filter((m) => {
        const text = (resources[lng]?.translation as { statecharts?: { descriptions?: Record<string, string> } }).statecharts
          ?.descriptions?.[m.name];
        return lng === 'en' ? text !== m.description : !text || text === m.description;
      }).map((m) => `${lng}: ${m.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('says so when the machine in the link does not exist, and invites a choice when none is given', () => {
    const { unmount } = renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts?machine=nope' });
    expect(screen.getByRole('alert')).toHaveTextContent('There is no machine named “nope”');
    unmount();
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    expect(screen.getByRole('heading', { name: 'Choose a machine' })).toBeInTheDocument();
    expect(screen.getByText('Inspection is off in this build.')).toBeInTheDocument();
  });

  it('shows a running actor: its states, the events it accepts as buttons, and a masked log', async () => {
    const user = userEvent.setup();
    startInspection(true);
    const actor = createActor(door, withInspect()).start();
    act(() => actor.send({ type: 'door.open', password: 'hunter2' }));
    act(() => actor.send({ type: 'door.close' }));

    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    await user.click(within(screen.getByRole('list', { name: 'Running actors' })).getByRole('button', { name: /^door/ }));
    const active = await screen.findByRole('list', { name: 'Active states' });
    expect(within(active).getByText('closed')).toHaveAttribute('aria-current', 'true');

    const log = screen.getByRole('list', { name: 'Event log, newest first' });
    const opened = within(log)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('door.open'));
    expect(opened).toHaveTextContent('"password": "••••••"');
    expect(opened).toHaveTextContent('→ open');
    expect(log).not.toHaveTextContent('hunter2');

    // Only what the current state accepts is offered; sending it moves the highlight.
    expect(screen.queryByRole('button', { name: 'door.close' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'door.open' }));
    expect(within(screen.getByRole('list', { name: 'Active states' })).getByText('open')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Current state: open')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Payload (JSON, optional)'), '{{not json');
    expect(screen.getByText('Not a JSON object: fix it to send events.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'door.close' })).toBeDisabled();
    act(() => actor.stop());
  });

  it('records the chosen actor, with the API calls beside its steps, and exports a test with the password as a placeholder', async () => {
    const user = userEvent.setup();
    startInspection(true);
    const actor = createActor(
      authFormMachine.provide({ actors: { submit: fromPromise<unknown, AuthFormValues>(async () => ({ message: 'Account created' })) } }),
      withInspect(),
    ).start();
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    await user.click(within(screen.getByRole('list', { name: 'Running actors' })).getByRole('button', { name: /^auth-form/ }));
    await user.click(screen.getByRole('button', { name: 'Record' }));

    act(() => actor.send({ type: 'form.submit', values: { email: 'ada@example.com', password: 'hunter2' } }));
    act(() => noteApiCall({ at: Date.now(), method: 'post', path: '/api/auth/register?x=1', status: 201, ms: 12.4 }));
    await screen.findByText('Recording auth-form: 2 steps, 1 API calls so far.');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByText('Recorded auth-form: 2 steps, 1 API calls.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export test…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export the recording as a test' });
    const steps = within(dialog).getByRole('region', { name: 'Recorded steps' });
    expect(
      within(steps)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['#EventLed to', '1form.submitsubmitting', 'POST /api/auth/register201 in 12 ms', '2done(submit)succeeded']);
    const file = within(dialog).getByRole('region', { name: 'The test file' });
    expect(file).toHaveTextContent("describe('auth-form: recorded session'");
    expect(file).toHaveTextContent("send: { type: 'form.submit', values: { email: 'ada@example.com', password: PASSWORD_1 } }");
    expect(file).not.toHaveTextContent('hunter2');
    expect(within(dialog).getByRole('button', { name: 'Download auth-form.recorded.test.ts' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Export as Mermaid (sequence)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The Sequence tab: lifelines, then one arrow per event, HTTP call and answer, top to bottom.
    await user.click(screen.getByRole('tab', { name: 'Sequence' }));
    expect(
      within(screen.getByRole('list', { name: 'Lifelines' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['App (screens)', 'auth-form', 'submit', 'API client']);
    expect(
      within(screen.getByRole('list', { name: 'Arrows, in the order they happened' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'App (screens) → auth-formform.submit',
      'auth-form is now submitting',
      'App (screens) → API clientPOST /api/auth/register',
      'API client → App (screens)201 in 12 ms',
      'submit → auth-formdone(submit)',
      'auth-form is now succeeded',
    ]);
    expect(screen.getByRole('button', { name: 'Export as Mermaid (sequence)' })).toBeInTheDocument();
    act(() => actor.stop());
  });

  it('opens on the session actor, not the first one listed, and on the screen the user came from when it still runs (issue 45)', async () => {
    startInspection(true);
    const idle = (id: string) => createMachine({ id, initial: 'running', states: { running: {} } });
    // Started in the app's order: the live events before the session, as the layout does.
    const live = createActor(idle('liveEvents'), withInspect()).start();
    const session = createActor(idle('session'), withInspect()).start();
    const view = renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    const list = screen.getByRole('list', { name: 'Running actors' });
    expect(within(list).getByRole('button', { name: /^session/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(list).getByRole('button', { name: /^live-events/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { level: 2, name: /^session/ })).toBeInTheDocument();
    view.unmount();

    // In a window of its own the screen keeps running: the explorer opens on it.
    const door1 = createActor(door, withInspect()).start();
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    expect(within(screen.getByRole('list', { name: 'Running actors' })).getByRole('button', { name: /^door/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const a of [live, session, door1]) act(() => a.stop());
  });

  it('steps back through the log with the chart as it was, and continues from there in a sandbox the app never sees', async () => {
    const user = userEvent.setup();
    startInspection(true);
    const actor = createActor(door, withInspect()).start();
    act(() => actor.send({ type: 'door.open', password: 'hunter2' }));
    act(() => actor.send({ type: 'door.close' }));
    act(() => actor.send({ type: 'door.open', password: 'hunter2' }));
    renderWithProviders(<StatechartsPage />, { path: '/dev/statecharts' });
    await user.click(within(screen.getByRole('list', { name: 'Running actors' })).getByRole('button', { name: /^door/ }));
    const timeline = screen.getByRole('group', { name: 'Timeline' });
    expect(within(timeline).getByText('Live: now. 4 moments to step back through.')).toBeInTheDocument();

    await user.click(within(timeline).getByRole('button', { name: 'Previous' }));
    expect(within(timeline).getByText('3 of 4: after door.close → closed')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Active states' })).getByText('closed')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('State then: closed')).toBeInTheDocument();
    // The arrow keys move too.
    timeline.focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(timeline).getByText('2 of 4: after door.open → open')).toBeInTheDocument();
    expect(within(timeline).getByRole('region', { name: 'Context at that moment' })).toHaveTextContent('"opened": 1');

    await user.click(within(timeline).getByRole('button', { name: 'Continue from here' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sandbox');
    expect(screen.getByText('Sandbox state: open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'door.close' }));
    expect(screen.getByText('Sandbox state: closed')).toBeInTheDocument();
    // The app's own actor stayed where it was.
    expect(actor.getSnapshot().value).toBe('open');
    await user.click(screen.getByRole('button', { name: 'End the sandbox' }));
    expect(screen.getByText('State then: open')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Timeline' })).getByRole('button', { name: 'Live' }));
    expect(screen.getByText('Current state: open')).toBeInTheDocument();
    act(() => actor.stop());
  });
});
