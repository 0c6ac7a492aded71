import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  processMonitorLiveEvent,
  processMonitorMachine,
  processTotals,
  visibleProcesses,
  type BlockResult,
  type MonitorView,
} from '@machines/processes/process-monitor.machine';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { ApiError } from '@/lib/api-client';
import { liveEventsActor } from '@/lib/live';
import { createProcessRule } from '../api/create-process-rule';
import { endProcess } from '../api/end-process';
import { getCommand } from '../api/get-command';
import { getProcesses } from '../api/get-processes';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

const isDocumentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/** The browser tab's visibility, told to the monitor (it polls nothing while hidden). */
const visibilityWatch = fromCallback<EventObject>(({ sendBack }) => {
  const report = () => sendBack({ type: isDocumentHidden() ? 'process.visibility.hidden' : 'process.visibility.visible' });
  document.addEventListener('visibilitychange', report);
  return () => document.removeEventListener('visibilitychange', report);
});

export const processMonitorWithApi = processMonitorMachine.provide({
  actors: {
    liveEvents: liveEventsActor(processMonitorLiveEvent),
    visibilityWatch,
    fetchProcesses: fromPromise(({ input, signal }) => getProcesses(input.unitId, signal)),
    endProcess: fromPromise(({ input }) => endProcess(input.process.id)),
    checkCommands: fromPromise(({ input, signal }) => Promise.all(input.commandIds.map((id) => getCommand(id, signal)))),
    blockExecutable: fromPromise(async ({ input }): Promise<BlockResult> => {
      const rule = await createProcessRule(input.unitId, { pattern: input.process.name, action: 'block', enabled: true, comment: '' });
      return { ruleId: rule.id, endedProcessIds: rule.endedProcessIds };
    }),
  },
});

type Snap = SnapshotFrom<typeof processMonitorWithApi>;

export const processSelectors = {
  unitId: (s: Snap) => s.context.unitId,
  rows: (s: Snap) => visibleProcesses(s.context),
  totals: (s: Snap) => processTotals(visibleProcesses(s.context)),
  hasData: (s: Snap) => s.context.updatedAt !== null,
  isFirstLoad: (s: Snap) => s.context.updatedAt === null && s.hasTag('polling'),
  isLive: (s: Snap) => s.hasTag('live'),
  isPaused: (s: Snap) => s.hasTag('paused'),
  isPolling: (s: Snap) => s.hasTag('polling'),
  isFailing: (s: Snap) => s.hasTag('failing'),
  isStalled: (s: Snap) => s.hasTag('stalled'),
  error: (s: Snap) => s.context.error,
  intervalMs: (s: Snap) => s.context.intervalMs,
  updatedAt: (s: Snap) => s.context.updatedAt,
  sort: (s: Snap) => s.context.sort,
  search: (s: Snap) => s.context.search,
  target: (s: Snap) => s.context.target,
  isConfirmingEnd: (s: Snap) => s.matches({ action: 'confirmingEnd' }) || s.matches({ action: 'ending' }),
  isConfirmingBlock: (s: Snap) => s.matches({ action: 'confirmingBlock' }) || s.matches({ action: 'blocking' }),
  isActing: (s: Snap) => s.hasTag('acting'),
  /** End commands waiting for the agent (the same array until one is added, checked or settled). */
  ending: (s: Snap) => s.context.ending,
};

/** A translated sentence for an API failure. */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        if (error.status === 0) return t('processes.errors.network');
        if (error.status === 404) return t('processes.errors.notFound');
        // Two conflicts: nobody to carry out the end (the unit has no active agent), or nothing left to end.
        if (error.status === 409 && error.fieldErrors['agent'] === 'none') return t('processes.errors.noAgent');
        if (error.status === 409) return t('processes.errors.alreadyEnded');
        const field = error.fieldErrors['pattern'];
        if (field) return t(`processes.ruleErrors.${field}`, { defaultValue: t('processes.errors.generic') });
      }
      return t('processes.errors.generic');
    },
    [t],
  );
}

/**
 * The page's monitor actor, with the notifications its outcomes show. `view` is the page's tab:
 * the monitor polls only while the Processes tab is shown in a visible browser tab.
 */
export function useProcessMonitor(unitId: string | null, view: MonitorView = 'processes') {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const actor = useScreenActor(processMonitorWithApi, { input: { unitId, view, documentHidden: isDocumentHidden() } });

  useSendOnChange(actor, view, (next) =>
    actor.getSnapshot().context.view !== next ? { type: 'process.view.change' as const, view: next } : null,
  );

  useActorEvents(actor, {
    'process.ended': (e) =>
      notifications.show({ color: 'teal', message: t('processes.ended', { name: e.process.name, pid: e.process.pid }) }),
    'process.blocked': (e) =>
      notifications.show({
        color: 'teal',
        // The agent enforces rules (the backend ends nothing itself): the row leaves with its next report.
        message:
          e.endedCount > 0
            ? t('processes.blocked', { name: e.process.name, count: e.endedCount })
            : t('processes.blockedByAgent', { name: e.process.name }),
      }),
    'process.end.failed': (e) =>
      notifications.show({
        color: e.reason === 'refused' ? 'orange' : 'red',
        title: t('processes.endFailed', { name: e.process.name }),
        // The agent's own words, when it gave any, after the translated reason.
        message: e.message
          ? `${t(`processes.endResult.${e.reason}`)} ${t('processes.agentSaid', { message: e.message })}`
          : t(`processes.endResult.${e.reason}`),
      }),
    'process.action.failed': (e) =>
      notifications.show({
        color: 'red',
        title:
          e.action === 'end' ? t('processes.endFailed', { name: e.process.name }) : t('processes.blockFailed', { name: e.process.name }),
        message: errorText(e.error),
      }),
  });

  // The URL is the source of the unit (deep links, back/forward).
  useSendOnChange(actor, unitId, (next) =>
    actor.getSnapshot().context.unitId !== next ? { type: 'process.unit.select' as const, unitId: next } : null,
  );

  return actor;
}
