import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { anOrganization, type OrganizationRowFixture } from '../testing/fixtures';
import { createCrudScreenMachine } from './crud-screen.machine';
const machine = createCrudScreenMachine<OrganizationRowFixture, { name: string }, unknown>();

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { editor: { empty: { name: '' } } },
  // What the parent receives: its jobs, and what the list and the editor report (sendParent).
  events: [
    { type: 'editor.saved', mode: 'edit', record: anOrganization() },
    { type: 'editor.delete.pending', target: { id: 'org-1', label: 'Acme' } },
    { type: 'editor.delete.undone', target: { id: 'org-1', label: 'Acme' } },
    { type: 'editor.deleted', target: { id: 'org-1', label: 'Acme' } },
    { type: 'editor.delete.failed', target: { id: 'org-1', label: 'Acme' }, error: new Error('refused') },
    { type: 'list.bulk.done', action: 'archive', count: 2 },
    { type: 'list.bulk.failed', action: 'archive', error: new Error('refused') },
    { type: 'crud.job', request: { job: 'export' } },
    { type: 'crud.job', request: { job: 'report' } },
    { type: 'crud.job.request', request: { job: 'disable', input: { id: 'org-1' } }, label: 'Acme' },
    { type: 'crud.job.confirm' },
    { type: 'crud.job.cancel' },
    { type: 'xstate.done.actor.job', output: { rows: 2 } },
    { type: 'xstate.error.actor.job', error: new Error('export failed') },
  ],
  // Raised by the jobs region itself, with the request that ended.
  skip: ['crud.job.settled'],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, jobs: snapshot.context.jobQueue.length }),
};

describe('crud-screen machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
