import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { callbackActor } from '../testing/deferred';
import { type ListQuery } from './list.machine';
import { rows, page, controllablePages, machine, flush, settle, start } from './list.test-support';

describe('list machine: live events from the liveEvents actor', () => {
  /** The screen's liveEvents actor, as the app provides it: it forwards what the live stream says. */
  function startLive(query?: Partial<ListQuery>) {
    const pages = controllablePages();
    const live = callbackActor();
    const clock = new SimulatedClock();
    const actor = createActor(machine.provide({ actors: { fetchPage: pages.actor, liveEvents: live.logic } }), {
      input: { query, liveDebounceMs: 500 },
      clock,
    }).start();
    return { actor, pages, live, clock };
  }

  it('replaces a changed row in view without asking the server again', async () => {
    const { actor, pages, live } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    live.emit({ type: 'list.live.updated', row: { id: 'r2', name: 'renamed' } });
    live.emit({ type: 'list.live.updated', row: { id: 'elsewhere', name: 'not here' } });
    expect(actor.getSnapshot().context.items.map((r) => r.name)).toEqual(['r 1', 'renamed', 'r 3']);
    expect(pages.calls).toHaveLength(1);
  });

  it('applies a change that arrives while a page loads over that page’s (older) answer', async () => {
    const { actor, pages, live } = startLive();
    live.emit({ type: 'list.live.updated', row: { id: 'r1', name: 'newer' } });
    pages.calls[0]?.resolve(page(rows(2)));
    await flush();
    expect(actor.getSnapshot().context.items.map((r) => r.name)).toEqual(['newer', 'r 2']);
  });

  it('shows a created row at once on page 1 of an unfiltered list (reloads)', async () => {
    const { actor, pages, live } = startLive();
    pages.calls[0]?.resolve(page(rows(2)));
    await flush();
    live.emit({ type: 'list.live.created', id: 'r3' });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    pages.calls[1]?.resolve(page(rows(3)));
    await flush();
    expect(actor.getSnapshot().context.items).toHaveLength(3);
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });

  it.each<[string, Partial<ListQuery>]>([
    ['on page 2', { page: 2 }],
    ['with a search', { search: 'kiosk' }],
    ['with a filter', { filters: { status: ['online'] } }],
  ])('counts created rows %s instead of moving the rows, and shows page 1 when asked', async (_, query) => {
    const { actor, pages, live } = startLive(query);
    pages.calls[0]?.resolve(page(rows(2)));
    await flush();
    live.emit({ type: 'list.live.created', id: 'n1' });
    live.emit({ type: 'list.live.created', id: 'n2' });
    live.emit({ type: 'list.live.created', id: 'n3' });
    expect(actor.getSnapshot().context.newCount).toBe(3);
    expect(pages.calls).toHaveLength(1);

    actor.send({ type: 'list.live.show' });
    expect(pages.calls[1]?.query).toMatchObject({ ...query, page: 1 });
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });

  describe('after unlock: the live events of the locked time replay while the screen loads again', () => {
    /** A row created while the screen was locked, before its page loaded again (its event replays after the resume). */
    const replayed = (id: string) => ({ type: 'list.live.created' as const, id, at: new Date(Date.now() - 60_000).toISOString() });
    /** A row created after the page's load began. */
    const created = (id: string) => ({ type: 'list.live.created' as const, id, at: new Date(Date.now() + 60_000).toISOString() });

    it('on page 2, rows the reload already accounts for are not counted as new, whether they replay before or after its answer', async () => {
      const { actor, pages, live } = startLive({ page: 2 });
      live.emit(replayed('n1'));
      pages.calls[0]?.resolve(page(rows(2), 27, 2));
      await flush();
      live.emit(replayed('n2'));
      expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
      expect(actor.getSnapshot().context.newCount).toBe(0);
      // One created after the load began is new.
      live.emit(created('n3'));
      expect(actor.getSnapshot().context.newCount).toBe(1);
      expect(pages.calls).toHaveLength(1);
    });

    it('a replayed row the reloaded page shows is not new either (nor reloaded again on page 1)', async () => {
      const { actor, pages, live } = startLive({ page: 2 });
      pages.calls[0]?.resolve(page(rows(2), 27, 2));
      await flush();
      live.emit({ type: 'list.live.created', id: 'r1' });
      expect(actor.getSnapshot().context.newCount).toBe(0);

      const first = startLive();
      first.pages.calls[0]?.resolve(page(rows(2)));
      await flush();
      first.live.emit({ type: 'list.live.created', id: 'r2' });
      expect(first.actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
      expect(first.pages.calls).toHaveLength(1);
    });

    it('a replayed row still reloads page 1 (the reload may have answered before it; one reload more is harmless)', async () => {
      const { actor, pages, live } = startLive();
      pages.calls[0]?.resolve(page(rows(2)));
      await flush();
      live.emit(replayed('n1'));
      expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    });
  });

  it('reloads when a row in view is deleted elsewhere, not for a row it does not show', async () => {
    const { actor, pages, live } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    live.emit({ type: 'list.live.removed', id: 'other' });
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    live.emit({ type: 'list.live.removed', id: 'r2' });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
  });

  it('reloads once after a burst of `stale` events, when quiet', async () => {
    const { actor, pages, live, clock } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    live.emit({ type: 'list.live.stale' });
    clock.increment(400);
    live.emit({ type: 'list.live.stale' });
    clock.increment(400);
    expect(pages.calls).toHaveLength(1);
    clock.increment(100);
    expect(pages.calls).toHaveLength(2);
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
  });

  it('waits with a `stale` reload while rows are selected', async () => {
    const { actor, pages, live, clock } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    actor.send({ type: 'list.select', id: 'r1' });
    live.emit({ type: 'list.live.stale' });
    clock.increment(5000);
    expect(pages.calls).toHaveLength(1);
    actor.send({ type: 'list.select.clear' });
    clock.increment(500);
    expect(pages.calls).toHaveLength(2);
  });

  it('holds a `stale` reload while a parent holds it, then reloads once on release', async () => {
    const { actor, pages, live, clock } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    actor.send({ type: 'list.live.hold' });
    live.emit({ type: 'list.live.stale' });
    clock.increment(5000);
    live.emit({ type: 'list.live.stale' });
    clock.increment(5000);
    expect(pages.calls).toHaveLength(1);
    actor.send({ type: 'list.live.release' });
    expect(pages.calls).toHaveLength(2);
    pages.calls[1]?.resolve(page(rows(3)));
    await flush();
    clock.increment(5000);
    expect(pages.calls).toHaveLength(2);
  });

  it('a release while rows are selected waits on for the selection', async () => {
    const { actor, pages, live, clock } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    actor.send({ type: 'list.live.hold' });
    live.emit({ type: 'list.live.stale' });
    clock.increment(500);
    actor.send({ type: 'list.select', id: 'r1' });
    actor.send({ type: 'list.live.release' });
    clock.increment(5000);
    expect(pages.calls).toHaveLength(1);
    actor.send({ type: 'list.select.clear' });
    clock.increment(500);
    expect(pages.calls).toHaveLength(2);
  });

  it('a reload asked for while a `stale` one waits serves it: no second reload', async () => {
    const { actor, pages, live, clock } = startLive();
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    live.emit({ type: 'list.live.stale' });
    actor.send({ type: 'list.refresh' });
    pages.calls[1]?.resolve(page(rows(3)));
    await flush();
    clock.increment(5000);
    expect(pages.calls).toHaveLength(2);

    actor.send({ type: 'list.live.hold' });
    live.emit({ type: 'list.live.stale' });
    clock.increment(500);
    actor.send({ type: 'list.refresh' });
    actor.send({ type: 'list.live.release' });
    expect(pages.calls).toHaveLength(3);
  });

  it('a list without live updates listens to nothing', async () => {
    const { actor } = start();
    await settle(actor);
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });
});

describe('list machine: the busy the view shows (busyShown)', () => {
  const shown = (actor: { getSnapshot(): { context: { busyShown: boolean } } }) => actor.getSnapshot().context.busyShown;

  it('shows the first load at once, and a later one with rows on screen only after the delay', async () => {
    const pages = controllablePages();
    const { actor, clock } = start(pages.actor);
    expect(shown(actor)).toBe(true);
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    expect(shown(actor)).toBe(false);

    actor.send({ type: 'list.query.change', query: { page: 2 } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(shown(actor)).toBe(false);
    clock.increment(199);
    expect(shown(actor)).toBe(false);
    // Another page asked meanwhile does not start the delay again.
    actor.send({ type: 'list.query.change', query: { page: 3 } });
    clock.increment(1);
    expect(shown(actor)).toBe(true);
    pages.calls[2]?.resolve(page(rows(3), 9, 3));
    await flush();
    expect(shown(actor)).toBe(false);
  });

  it('never shows a load with rows on screen that is answered within the delay', async () => {
    const pages = controllablePages();
    const { actor, clock } = start(pages.actor);
    pages.calls[0]?.resolve(page(rows(3)));
    await flush();
    actor.send({ type: 'list.refresh' });
    clock.increment(150);
    pages.calls[1]?.resolve(page(rows(3)));
    await flush();
    clock.increment(100);
    expect(shown(actor)).toBe(false);
  });
});
