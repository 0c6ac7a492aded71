import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { SEARCH_DEBOUNCE_MS, type LoadMailsInput } from './mailbox.machine';
import type { Email, EmailTag } from './types';
import { TAGS, META, inbox, type Plan, startWith, loaded, emailActor } from './mailbox.test-support';

const start = (plan?: Plan, filter?: 'inbox' | 'draft') =>
  startWith((l) => ({ loadMails: vi.fn(l.loadMails), loadMeta: vi.fn(l.loadMeta), loadTags: vi.fn(l.loadTags) }), plan, filter);

describe('mailboxMachine: loading', () => {
  it('loading → loaded with the list, the tags and the counts', async () => {
    const { actor, loadMails } = start();
    expect(actor.getSnapshot().matches({ list: 'loading', meta: 'loading', tags: 'loading', composer: 'closed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (x) => x.matches({ list: 'loaded', meta: 'ready', tags: 'loaded' }));
    expect(s.context.emails.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(s.context.tags).toEqual(TAGS);
    expect(s.context.meta).toEqual(META);
    expect(loadMails).toHaveBeenCalledWith({ filter: 'inbox', query: '' });
  });

  it('loading → empty when the view has no email', async () => {
    const { actor } = start({ loadMails: async () => [] });
    expect((await waitFor(actor, (s) => s.matches({ list: 'empty' }))).context.emails).toEqual([]);
  });

  it('loading → failed → retry → loaded', async () => {
    const loadMails = vi
      .fn<(i: LoadMailsInput) => Promise<Email[]>>()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValue(inbox());
    const { actor } = start({ loadMails });
    const failed = await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(failed.context.listFailure?.message).toBe('Network error');
    actor.send({ type: 'mailbox.retry' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect((await loaded(actor)).context.listFailure).toBeNull();
  });

  it('refresh reloads the list in place; meta reload refetches the counts', async () => {
    const { actor, loadMails, loadMeta } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.refresh' });
    expect(actor.getSnapshot().matches({ list: { loading: 'fetching' } })).toBe(true);
    expect(actor.getSnapshot().context.emails).toHaveLength(3);
    actor.send({ type: 'mailbox.meta.reload' });
    expect(actor.getSnapshot().matches({ meta: 'loading' })).toBe(true);
    await loaded(actor);
    expect(loadMails).toHaveBeenCalledTimes(2);
    expect(loadMeta).toHaveBeenCalledTimes(2);
  });

  it('meta and tags failures: counts stay, tags can be retried', async () => {
    const loadTags = vi.fn<() => Promise<EmailTag[]>>().mockRejectedValueOnce(new Error('x')).mockResolvedValue(TAGS);
    const { actor } = start({ loadMeta: () => Promise.reject(new Error('x')), loadTags });
    await waitFor(actor, (s) => s.matches({ meta: 'failed', tags: 'failed' }));
    actor.send({ type: 'mailbox.tags.retry' });
    await waitFor(actor, (s) => s.matches({ tags: 'loaded' }));
    expect(actor.getSnapshot().context.meta).toBeNull();
  });

  it('changing the filter clears query and selection, closes the opened email and reloads', async () => {
    const { actor, loadMails } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 2 });
    actor.send({ type: 'mailbox.open', id: 2 });
    actor.send({ type: 'mailbox.filter', filter: 'company' });
    const s = actor.getSnapshot();
    expect(s.matches({ list: 'loading' })).toBe(true);
    expect(s.context).toMatchObject({ filter: 'company', query: '', selectedIds: [], openedId: null });
    expect(emailActor(actor, 2)).toBeUndefined();
    await loaded(actor);
    expect(loadMails).toHaveBeenLastCalledWith({ filter: 'company', query: '' });
  });

  describe('search', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    it('waits for typing to pause, then loads once with the trimmed query', async () => {
      const { actor, loadMails } = start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true));
      actor.send({ type: 'mailbox.search', query: 'q' });
      actor.send({ type: 'mailbox.search', query: 'quar ' });
      expect(actor.getSnapshot().matches({ list: { loading: 'debouncing' } })).toBe(true);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 10);
      expect(loadMails).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(20);
      expect(loadMails).toHaveBeenCalledTimes(2);
      expect(loadMails).toHaveBeenLastCalledWith({ filter: 'inbox', query: 'quar' });
    });
  });
});

describe('mailboxMachine: selection and bulk changes', () => {
  it('toggles single rows, selects all, and select all again clears', async () => {
    const { actor } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 2 });
    actor.send({ type: 'mailbox.select.toggle', id: 404 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([2]);
    actor.send({ type: 'mailbox.select.all' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([3, 2, 1]);
    actor.send({ type: 'mailbox.select.all' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.select.clear' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
  });

  it('no bulk action without a selection', async () => {
    const { actor, calls } = start();
    await loaded(actor);
    expect(actor.getSnapshot().can({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'trash' } })).toBe(false);
    actor.send({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'trash' } });
    expect(calls).toEqual([]);
  });

  it.each([
    [
      { kind: 'move', folder: 'trash' } as const,
      'moveMails',
      { emailIds: [3, 1], mailFolder: 'trash' },
      { list: { mutating: 'moving' } } as const,
    ],
    [
      { kind: 'label', label: 'private' } as const,
      'updateLabels',
      { emailIds: [3, 1], label: 'private' },
      { list: { mutating: 'labelling' } } as const,
    ],
    [
      { kind: 'markUnread', unread: false } as const,
      'markUnread',
      { emailIds: [3, 1], unreadFlag: false },
      { list: { mutating: 'markingUnread' } } as const,
    ],
  ])('bulk %o: mutating → mutated → loading; clears the selection, reloads list and counts', async (action, name, body, state) => {
    const { actor, calls, notices, loadMails, loadMeta } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 3 });
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.bulk', action });
    expect(actor.getSnapshot().matches(state)).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ list: 'loading' }));
    expect(calls).toEqual([{ actor: name, input: body }]);
    expect(notices).toEqual([{ type: 'notice', tone: 'success', key: 'bulkDone', action: action.kind, count: 2 }]);
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    await loaded(actor);
    expect(loadMails).toHaveBeenCalledTimes(2);
    expect(loadMeta).toHaveBeenCalledTimes(2);
  });

  it('a refused bulk change keeps the selection and tells', async () => {
    const { actor, notices } = start({ mutation: 'fail' });
    await loaded(actor);
    actor.send({ type: 'mailbox.select.all' });
    actor.send({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'spam' } });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.selectedIds).toEqual([3, 2, 1]);
    expect(notices).toEqual([{ type: 'notice', tone: 'error', key: 'bulkFailed', action: 'move', count: 3 }]);
  });

  it('list star toggle: loaded → starring → loaded, optimistic; rolled back when refused', async () => {
    const ok = start();
    await loaded(ok.actor);
    ok.actor.send({ type: 'mailbox.star.toggle', id: 3 });
    expect(ok.actor.getSnapshot().matches({ list: 'starring' })).toBe(true);
    expect(ok.actor.getSnapshot().context.emails[0]?.isStarred).toBe(true);
    await waitFor(ok.actor, (s) => s.matches({ list: 'loaded' }));
    expect(ok.calls).toEqual([{ actor: 'setStarred', input: { mailId: 3, value: true } }]);

    const bad = start({ mutation: 'fail' });
    await loaded(bad.actor);
    bad.actor.send({ type: 'mailbox.star.toggle', id: 2 });
    expect(bad.actor.getSnapshot().context.emails[1]?.isStarred).toBe(false);
    await waitFor(bad.actor, (s) => s.matches({ list: 'loaded' }));
    expect(bad.actor.getSnapshot().context.emails[1]?.isStarred).toBe(true);
    expect(bad.notices).toEqual([{ type: 'notice', tone: 'error', key: 'starFailed' }]);
  });
});
