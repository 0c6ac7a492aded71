import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { bookmarksMachine } from './bookmarks.machine';
const machine = bookmarksMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { userId: 'u1', paths: ['/units'], capacity: 2 },
  events: [
    { type: 'bookmark.toggle', path: '/units' },
    { type: 'bookmark.toggle', path: '/reports' },
    { type: 'bookmark.toggle', path: '/emails' },
    { type: 'bookmark.remove', path: '/units' },
    { type: 'bookmarks.load', userId: null, paths: [] },
    { type: 'bookmarks.load', userId: 'u2', paths: ['/units', '/reports'] },
  ],
  actions: { persistBookmarks: () => {} },
};

describe('bookmarks machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
