import { notifications } from '@mantine/notifications';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { bookmarksMachine, type BookmarksContext } from '@machines/preferences/bookmarks.machine';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

const storageKey = (userId: string) => `bookmarks:${userId}`;

/** The stored starred paths of a user; anything unreadable counts as none. */
export function readBookmarks(userId: string | null): string[] {
  if (userId === null) return [];
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function writeBookmarks(userId: string, paths: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(storageKey(userId), JSON.stringify(paths));
  } catch {
    // storage unavailable: the stars last for this page only
  }
}

export type BookmarksRef = ActorRefFrom<typeof bookmarksMachine>;

/** The starred pages of the signed-in user, kept in the bookmarks machine and stored per user id. */
export function useBookmarks(userId: string | null): BookmarksRef {
  const { t } = useTranslation();
  const actorRef = useScreenActor(
    bookmarksMachine.provide({ actions: { persistBookmarks: (_, { userId: id, paths }) => writeBookmarks(id, paths) } }),
    { input: { userId, paths: readBookmarks(userId) } },
  );
  useSendOnChange(actorRef, userId, (id) =>
    actorRef.getSnapshot().context.userId !== id ? { type: 'bookmarks.load' as const, userId: id, paths: readBookmarks(id) } : null,
  );
  useActorEvents(actorRef, {
    'bookmarks.full': ({ capacity }) =>
      notifications.show({
        id: 'bookmarks-full',
        color: 'warning',
        title: t('layout.starredFullTitle'),
        message: t('layout.starredFull', { count: capacity }),
      }),
  });
  return actorRef;
}

const selectPaths = (s: { context: BookmarksContext }) => s.context.paths;
const selectHasUser = (s: { context: BookmarksContext }) => s.context.userId !== null;

export const useStarredPaths = (ref: BookmarksRef) => useSelector(ref, selectPaths);
export const useCanStar = (ref: BookmarksRef) => useSelector(ref, selectHasUser);
