import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import {
  keepRunningProcesses,
  Response,
  type Server,
  signInAs,
  startMonitoringServer,
  unitsOf,
} from '../../../tests/mirage/monitoring-helpers';
import { checkOverlappingUndo } from '../../../tests/mirage/overlapping-undo';
import { startFakeLive } from '../../../tests/support/fake-live';
import { fill } from '../../../tests/support/fill';
import { findTextPassingTime } from '../../../tests/support/pass-time';
import type { LiveEvent } from '@machines/domain/types';
import { processMonitorLiveEvent } from '@machines/processes/process-monitor.machine';
import ProcessesPage from './processes-page';

const processCalls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter((args) => String(args[0]).includes('/processes')).length;

describe('ProcessesPage', () => {
  const user = userEvent.setup({ delay: null });
  let server: Server;
  let unitId: string;
  beforeEach(async () => {
    server = await startMonitoringServer();
    const session = await signInAs('user');
    localStorage.setItem('accessToken', session.token);
    unitId = String(unitsOf(server, '1')[0]?.id);
    // Six running processes are enough for what these tests do with a row: the table re-renders every row on each
    // sample and click (React's development build), and the seed gives this unit about thirty.
    keepRunningProcesses(server, unitId, 6);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    server.shutdown();
  });

  /** Lets the monitor's clock run past a 2 s poll without waiting for it (fake timers, inside act). */
  const passPollInterval = () => act(() => vi.advanceTimersByTimeAsync(2600));
  const updatedAt = () => screen.getByText(/^Updated at /).textContent;
  /**
   * The first sample, waited for with a cheap query by text: a query by role and name, run again on every DOM change
   * while the table mounts, computes the accessible name of every button of every row each time.
   */
  const firstSample = () => screen.findByText(/^Updated at /, {}, { timeout: 10_000 });

  it('asks for a unit first', async () => {
    renderWithProviders(<ProcessesPage />, { path: '/user/manage-process' });
    expect(screen.getByRole('heading', { name: 'Choose a service unit' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Service unit')[0]).toBeVisible();
  });

  it('shows the live table of a linked unit; pausing stops the polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await firstSample();
    expect((await screen.findAllByRole('button', { name: /^End .* \(PID \d+\)$/ }, { timeout: 5000 })).length).toBeGreaterThan(3);
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText(/^Updated at /)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 s' }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused')).toBeInTheDocument();
    const afterPause = processCalls(fetchSpy);
    const pausedAt = updatedAt();
    await passPollInterval();
    expect(processCalls(fetchSpy)).toBe(afterPause);
    expect(updatedAt()).toBe(pausedAt);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(screen.getByText('Live')).toBeInTheDocument();
    await waitFor(() => expect(processCalls(fetchSpy)).toBe(afterPause + 1));
    // The refresh lands: the table shows a newer sample (the test ends only after that update).
    await waitFor(() => expect(updatedAt()).not.toBe(pausedAt));
  }, 40_000);

  it('stops polling while the browser tab is hidden and refreshes as soon as it is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await firstSample();
    expect((await screen.findAllByRole('button', { name: /^End .* \(PID \d+\)$/ }, { timeout: 5000 })).length).toBeGreaterThan(3);
    await user.click(screen.getByRole('radio', { name: '2 s' }));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const whileHidden = processCalls(fetchSpy);
    const hiddenAt = updatedAt();
    await passPollInterval();
    expect(processCalls(fetchSpy)).toBe(whileHidden);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(processCalls(fetchSpy)).toBe(whileHidden + 1));
    await waitFor(() => expect(updatedAt()).not.toBe(hiddenAt));
  }, 40_000);

  it('a failed poll shows why, with Retry', async () => {
    let fail = true;
    server.get('/api/service-units/:id/processes', () =>
      fail
        ? new Response(500, {}, { message: 'agent down' })
        : new Response(200, {}, { items: [], total: 0, sampledAt: new Date().toISOString() }),
    );
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The process list could not be updated');
    expect(screen.getByText('Reconnecting')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No processes are running.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
  }, 30_000);

  it('searches the table and totals what it shows', async () => {
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await firstSample();
    await screen.findAllByRole('button', { name: /^End .* \(PID \d+\)$/ }, { timeout: 5000 });
    const before = Number(screen.getByTestId('total-count').textContent);
    const firstName = (screen.getAllByRole('button', { name: /^End .* \(PID \d+\)$/ })[0]?.getAttribute('aria-label') ?? '').replace(
      /^End (.*) \(PID \d+\)$/,
      '$1',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Search processes' }), firstName);
    const after = Number(screen.getByTestId('total-count').textContent);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    for (const button of screen.getAllByRole('button', { name: /^End .* \(PID \d+\)$/ })) {
      expect(button.getAttribute('aria-label')?.toLowerCase()).toContain(firstName.toLowerCase());
    }
  });

  /**
   * The contract's end: 202 with a pending command, then the command's result as the agent reports it
   * (`result` ends the process in the backend's rows on `succeeded`, as the agent's report would).
   */
  function agentAnswers(result: { status: 'succeeded' | 'refused' | 'failed'; message?: string }) {
    const command = (processId: string, status: string) => ({
      id: `cmd-${processId}`,
      serviceUnitId: unitId,
      kind: 'endProcess',
      status,
      processId,
      pid: null,
      captureRequestId: null,
      issuedAt: new Date().toISOString(),
      issuedBy: '1',
      finishedAt: status === 'pending' ? null : new Date().toISOString(),
      message: result.message ?? null,
    });
    const checked: string[] = [];
    server.post('/api/processes/:id/end', (_schema, request) => new Response(202, {}, command(String(request.params['id']), 'pending')));
    server.get('/api/commands/:id', (_schema, request) => {
      const processId = String(request.params['id']).replace(/^cmd-/, '');
      checked.push(processId);
      // The agent answers on the second check: the row shows "Ending…" in between.
      if (checked.length < 2) return new Response(200, {}, command(processId, 'sent'));
      if (result.status === 'succeeded') server.db['processes']?.update(processId, { state: 'ended', endedReason: 'user' });
      return new Response(200, {}, command(processId, result.status));
    });
    return checked;
  }

  /** An end command's status is checked every 1.5 s (DEFAULT_COMMAND_POLL_MS): the fake clock passes the checks. */
  const findPassingCommandChecks = (text: string | RegExp) => findTextPassingTime(text, { stepMs: 1500 });

  const askToEnd = async () => {
    await firstSample();
    const endButton = (await screen.findAllByRole('button', { name: /^End .* \(PID \d+\)$/ }, { timeout: 10_000 }))[0] as HTMLElement;
    const label = endButton.getAttribute('aria-label') ?? '';
    await user.click(endButton);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End process' }));
    return label;
  };

  it('ends a process after confirmation: it shows ending until the agent reports it ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    agentAnswers({ status: 'succeeded' });
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    const label = await askToEnd();
    expect(await screen.findByText('Ending…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: label })).toBeDisabled();
    expect(await findPassingCommandChecks(/was ended$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: label })).not.toBeInTheDocument());
    expect(screen.queryByText('Ending…')).not.toBeInTheDocument();
  }, 40_000);

  it('shows the refusal of an agent started without --allow-end-process, and keeps the process', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    agentAnswers({ status: 'refused' });
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    const label = await askToEnd();
    expect(
      await findPassingCommandChecks('The agent on this unit does not allow ending processes (started without --allow-end-process).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    expect(screen.queryByText('Ending…')).not.toBeInTheDocument();
  }, 40_000);

  it('shows what the agent said when it could not end the process', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    agentAnswers({ status: 'failed', message: 'Operation not permitted' });
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await askToEnd();
    expect((await findPassingCommandChecks(/The agent said/)).textContent).toBe(
      'The agent could not end it. The agent said: “Operation not permitted”',
    );
  }, 40_000);

  it('blocking an executable says the unit’s agent applies the rule, since the backend ends nothing itself', async () => {
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await firstSample();
    const blockButton = (await screen.findAllByRole('button', { name: /^Block / }, { timeout: 10_000 }))[0] as HTMLElement;
    const name = (blockButton.getAttribute('aria-label') ?? '').replace(/^Block /, '');
    await user.click(blockButton);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Block executable' }));
    expect(
      await screen.findByText(`${name} is blocked. The unit’s agent applies the rule at its next report.`, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 40_000);

  it('explains that a unit without a connected agent cannot end a process, and keeps the process', async () => {
    // The backend's own answer: 409 with errors {agent: 'none'} (mirage/domains/processes.ts).
    server.db['serviceUnits']?.update(unitId, { agent: null });
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    const label = await askToEnd();
    expect(
      await screen.findByText('This unit has no agent connected, so the process cannot be ended.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The process has already ended.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    expect(screen.queryByText('Ending…')).not.toBeInTheDocument();
  }, 40_000);

  it('still says a process has already ended for the other conflict', async () => {
    server.post('/api/processes/:id/end', () => new Response(409, {}, { message: 'The process has already ended' }));
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
    await askToEnd();
    expect(await screen.findByText('The process has already ended.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('This unit has no agent connected, so the process cannot be ended.')).not.toBeInTheDocument();
  }, 40_000);

  it('a command.finished live event settles the end at once, before any status check says so', async () => {
    const live = await startFakeLive();
    try {
      let processId = '';
      const command = (status: string) => ({
        id: 'cmd-live',
        serviceUnitId: unitId,
        kind: 'endProcess' as const,
        status,
        processId,
        pid: null,
        captureRequestId: null,
        issuedAt: new Date().toISOString(),
        issuedBy: '1',
        finishedAt: null,
        message: null,
      });
      server.post('/api/processes/:id/end', (_schema, request) => {
        processId = String(request.params['id']);
        return new Response(202, {}, command('pending'));
      });
      // The status checks never see the result: only the live event can settle it.
      server.get('/api/commands/:id', () => new Response(200, {}, command('sent')));
      renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}` });
      await askToEnd();
      expect(await screen.findByText('Ending…')).toBeInTheDocument();
      server.db['processes']?.update(processId, { state: 'ended', endedReason: 'user' });
      live.push({
        id: '1',
        type: 'command.finished',
        at: new Date().toISOString(),
        organizationId: '1',
        subjectId: 'cmd-live',
        unitId,
        data: { command: { ...command('succeeded'), kind: 'endProcess', status: 'succeeded' } },
      });
      expect(await screen.findByText(/was ended$/)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Ending…')).not.toBeInTheDocument());
    } finally {
      act(() => live.stop());
    }
  }, 40_000);

  it('rules: a validation error, a server refusal that keeps the values, then success', async () => {
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}&tab=rules` });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New process rule' });
    const pattern = within(dialog).getByRole('textbox', { name: /Executable pattern/ });
    await fill(user, pattern, '**');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A pattern of only * would match every process.')).toBeInTheDocument();
    // The server refuses a duplicate: the field shows why and what was typed stays.
    await user.clear(pattern);
    await fill(user, pattern, 'zz-dup.exe');
    server.db['processRules']?.insert({
      serviceUnitId: unitId,
      pattern: 'ZZ-DUP.EXE',
      action: 'block',
      enabled: false,
      comment: '',
      createdAt: new Date().toISOString(),
    });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Comment' }), 'No games');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This unit already has a rule for this pattern.')).toBeInTheDocument();
    expect(pattern).toHaveValue('zz-dup.exe');
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('No games');
    await user.clear(pattern);
    await fill(user, pattern, 'zz-game*');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New process rule' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Edit rule zz-game*' })).toBeInTheDocument();
  }, 40_000);

  it('rules: a change made elsewhere while the form is open shows both values, and keeping mine saves against theirs', async () => {
    const rule = server.db['processRules']?.insert({
      serviceUnitId: unitId,
      pattern: 'zz-edit.exe',
      action: 'block',
      enabled: true,
      comment: 'First',
      createdAt: new Date().toISOString(),
    }) as { id: string };
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}&tab=rules` });
    await user.click(await screen.findByRole('button', { name: 'Edit rule zz-edit.exe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit process rule' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.clear(comment);
    await fill(user, comment, 'Mine');
    // Meanwhile another person changes the comment, through the API.
    const other = await fetch(`/api/service-units/${unitId}/process-rules/${rule.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      body: JSON.stringify({ comment: 'Theirs' }),
    });
    expect(other.status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The rule says who changed it and when (its updatedBy and updatedAt), as the other editors do.
    expect(await within(dialog).findByText(/^Changed by Ulysses User at .+ while you were editing$/)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Their values and yours' });
    expect(within(table).getByRole('row', { name: /Comment Theirs Mine/ })).toBeInTheDocument();
    // What was typed stays, and keeping it saves it against their version.
    expect(comment).toHaveValue('Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit process rule' })).not.toBeInTheDocument());
    expect((server.db['processRules']?.find(rule.id) as { comment: string; version: number }).comment).toBe('Mine');
  }, 40_000);

  it('rules: a switch flipped on a rule changed meanwhile leaves it as it is and says so', async () => {
    const rule = server.db['processRules']?.insert({
      serviceUnitId: unitId,
      pattern: 'zz-toggle.exe',
      action: 'block',
      enabled: true,
      comment: 'First',
      createdAt: new Date().toISOString(),
    }) as { id: string };
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}&tab=rules` });
    const toggle = await screen.findByRole('switch', { name: 'Enable rule zz-toggle.exe' });
    // Meanwhile another person changes the rule's comment, through the API.
    await act(async () => {
      const other = await fetch(`/api/service-units/${unitId}/process-rules/${rule.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
        body: JSON.stringify({ comment: 'Theirs' }),
      });
      expect(other.status).toBe(200);
    });
    fireEvent.click(toggle);
    const report = await screen.findByRole('status', { name: 'Not every selected row was changed' });
    expect(report).toHaveTextContent('1 changed by someone else meanwhile, so it was left as it was. It shows how it is now.');
    expect(server.db['processRules']?.find(rule.id)).toMatchObject({ enabled: true, comment: 'Theirs' });
    // The list shows the rule as it is now: flipped again, the switch applies.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable rule zz-toggle.exe' })).toBeEnabled());
    fireEvent.click(screen.getByRole('switch', { name: 'Enable rule zz-toggle.exe' }));
    await waitFor(() => expect(server.db['processRules']?.find(rule.id)).toMatchObject({ enabled: false, comment: 'Theirs' }));
  }, 40_000);

  it('rules: delete A, then B, then Undo in A’s notification: B stays pending (its own Undo brings it back), A is deleted', async () => {
    for (const pattern of ['AA-FIRST.EXE', 'AB-SECOND.EXE']) {
      server.db['processRules']?.insert({
        serviceUnitId: unitId,
        pattern,
        action: 'block',
        enabled: true,
        comment: '',
        createdAt: new Date().toISOString(),
      });
    }
    renderWithProviders(<ProcessesPage />, { path: `/user/manage-process?unit=${unitId}&tab=rules` });
    await screen.findByRole('button', { name: 'Delete rule AB-SECOND.EXE' });
    await checkOverlappingUndo(user, {
      a: 'AA-FIRST.EXE',
      b: 'AB-SECOND.EXE',
      askDelete: (pattern) => user.click(screen.getByRole('button', { name: `Delete rule ${pattern}` })),
      rowShown: (pattern) => screen.queryByRole('button', { name: `Delete rule ${pattern}` }) !== null,
    });
  });
});

describe('what the process monitor takes from the live events', () => {
  const at = '2026-11-26T17:00:00.000Z';
  // Whether the unit is the one shown is the machine's decision (process-monitor.machine.test.ts, live events).
  it('a change of a unit’s processes goes to the machine with its unit', () => {
    const changed = (unitId: string): LiveEvent => ({
      id: '5',
      type: 'processes.changed',
      at,
      organizationId: '1',
      subjectId: unitId,
      unitId,
      data: { running: 3 },
    });
    expect(processMonitorLiveEvent(changed('7'))).toEqual({ type: 'process.live.changed', unitId: '7' });
  });

  it('only an end command’s result settles an end', () => {
    const finished = (kind: 'endProcess' | 'captureScreenshot'): LiveEvent => ({
      id: '6',
      type: 'command.finished',
      at,
      organizationId: '1',
      subjectId: 'c1',
      unitId: '7',
      data: {
        command: {
          id: 'c1',
          serviceUnitId: '7',
          kind,
          status: 'refused',
          processId: null,
          pid: null,
          captureRequestId: null,
          issuedAt: at,
          issuedBy: '1',
          finishedAt: at,
          message: null,
        },
      },
    });
    expect(processMonitorLiveEvent(finished('endProcess'))).toMatchObject({ type: 'process.command.finished', command: { id: 'c1' } });
    expect(processMonitorLiveEvent(finished('captureScreenshot'))).toBeNull();
  });
});
