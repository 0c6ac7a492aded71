import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { BOOKMARK_CAPACITY, bookmarksMachine, type BookmarksInput } from './bookmarks.machine';

function start(input: BookmarksInput) {
  const persist = vi.fn<(params: { userId: string; paths: readonly string[] }) => void>();
  const full = vi.fn();
  const actor = createActor(bookmarksMachine.provide({ actions: { persistBookmarks: (_, params) => persist(params) } }), { input });
  actor.on('bookmarks.full', full);
  actor.start();
  return { actor, persist, full, paths: () => actor.getSnapshot().context.paths };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => `/page-${i + 1}`);

describe('bookmarks machine', () => {
  it('starts ready with the stored list, dropping duplicates, non-paths and overflow', () => {
    const { actor, paths } = start({ userId: 'u1', paths: ['/a', '/a', 'nope', ...many(12)] });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(paths()).toEqual(['/a', ...many(9)]);
  });

  it('toggling adds a page and stores the list for that user', () => {
    const { actor, persist, paths } = start({ userId: 'u1', paths: ['/a'] });
    actor.send({ type: 'bookmark.toggle', path: '/b' });
    expect(paths()).toEqual(['/a', '/b']);
    expect(persist).toHaveBeenCalledWith({ userId: 'u1', paths: ['/a', '/b'] });
  });

  it('toggling a starred page removes it', () => {
    const { actor, persist, paths } = start({ userId: 'u1', paths: ['/a', '/b'] });
    actor.send({ type: 'bookmark.toggle', path: '/a' });
    expect(paths()).toEqual(['/b']);
    expect(persist).toHaveBeenLastCalledWith({ userId: 'u1', paths: ['/b'] });
  });

  it(`accepts ${BOOKMARK_CAPACITY} pages and refuses the next with an event, storing nothing`, () => {
    const { actor, persist, full, paths } = start({ userId: 'u1', paths: many(BOOKMARK_CAPACITY - 1) });
    actor.send({ type: 'bookmark.toggle', path: '/tenth' });
    expect(paths()).toHaveLength(BOOKMARK_CAPACITY);
    persist.mockClear();
    actor.send({ type: 'bookmark.toggle', path: '/eleventh' });
    expect(paths()).toHaveLength(BOOKMARK_CAPACITY);
    expect(paths()).not.toContain('/eleventh');
    expect(full).toHaveBeenCalledWith({ type: 'bookmarks.full', capacity: BOOKMARK_CAPACITY });
    expect(persist).not.toHaveBeenCalled();
  });

  it('a full list can still remove, and then add again', () => {
    const { actor, full, paths } = start({ userId: 'u1', paths: many(BOOKMARK_CAPACITY) });
    actor.send({ type: 'bookmark.toggle', path: '/page-1' });
    actor.send({ type: 'bookmark.toggle', path: '/new' });
    expect(full).not.toHaveBeenCalled();
    expect(paths().at(-1)).toBe('/new');
  });

  it('bookmark.remove removes only a starred page', () => {
    const { actor, persist, paths } = start({ userId: 'u1', paths: ['/a'] });
    actor.send({ type: 'bookmark.remove', path: '/zzz' });
    expect(persist).not.toHaveBeenCalled();
    actor.send({ type: 'bookmark.remove', path: '/a' });
    expect(paths()).toEqual([]);
    expect(persist).toHaveBeenCalledWith({ userId: 'u1', paths: [] });
  });

  it('ignores toggles while nobody is signed in', () => {
    const { actor, persist, full, paths } = start({ userId: null, paths: [] });
    actor.send({ type: 'bookmark.toggle', path: '/a' });
    expect(paths()).toEqual([]);
    expect(persist).not.toHaveBeenCalled();
    expect(full).not.toHaveBeenCalled();
  });

  it('loading another user replaces the list; later changes are stored for the new user', () => {
    const { actor, persist, paths } = start({ userId: 'u1', paths: ['/a'] });
    actor.send({ type: 'bookmarks.load', userId: 'u2', paths: ['/x'] });
    expect(paths()).toEqual(['/x']);
    actor.send({ type: 'bookmark.toggle', path: '/y' });
    expect(persist).toHaveBeenLastCalledWith({ userId: 'u2', paths: ['/x', '/y'] });
  });
});
