import { and, assign, emit, setup } from 'xstate';

/** How many pages a user may star; the navbar has room for this many icons. */
export const BOOKMARK_CAPACITY = 10;

export interface BookmarksInput {
  /** The signed-in user's id; null while nobody is signed in (starring is then refused). */
  userId: string | null;
  /** The user's stored starred paths, oldest first. */
  paths: readonly string[];
  capacity?: number;
}

export interface BookmarksContext {
  userId: string | null;
  paths: string[];
  capacity: number;
}

export type BookmarksEvent =
  /** A different user signed in (or out): replace the list with theirs. */
  | { type: 'bookmarks.load'; userId: string | null; paths: readonly string[] }
  | { type: 'bookmark.toggle'; path: string }
  | { type: 'bookmark.remove'; path: string };

/** Emitted when an add is refused because the list is full; the view shows a translated message. */
export type BookmarksEmitted = { type: 'bookmarks.full'; capacity: number };

const normalize = (paths: readonly string[], capacity: number): string[] =>
  [...new Set(paths.filter((p) => typeof p === 'string' && p.startsWith('/')))].slice(0, capacity);

// Runs after the assign before it, so it sees the new list.
const persistParams = ({ context }: { context: BookmarksContext }) => ({ userId: context.userId ?? '', paths: context.paths });

/**
 * The starred pages of one user. Storage is the app's business: it provides `persistBookmarks`
 * (called after every change with the user id and the new list) and reads the stored list into `input`.
 */
export const bookmarksMachine = setup({
  types: {
    context: {} as BookmarksContext,
    events: {} as BookmarksEvent,
    input: {} as BookmarksInput,
    emitted: {} as BookmarksEmitted,
  },
  actions: {
    persistBookmarks: (_, _params: { userId: string; paths: readonly string[] }) => {
      // provided by the app (localStorage, per user)
    },
    assignLoaded: assign(({ context, event }) =>
      event.type === 'bookmarks.load' ? { userId: event.userId, paths: normalize(event.paths, context.capacity) } : {},
    ),
    addBookmark: assign({
      paths: ({ context, event }) => (event.type === 'bookmark.toggle' ? [...context.paths, event.path] : context.paths),
    }),
    removeBookmark: assign({
      paths: ({ context, event }) =>
        event.type === 'bookmark.toggle' || event.type === 'bookmark.remove'
          ? context.paths.filter((p) => p !== event.path)
          : context.paths,
    }),
    emitFull: emit(({ context }) => ({ type: 'bookmarks.full' as const, capacity: context.capacity })),
  },
  guards: {
    hasUser: ({ context }) => context.userId !== null,
    isBookmarked: ({ context, event }) =>
      (event.type === 'bookmark.toggle' || event.type === 'bookmark.remove') && context.paths.includes(event.path),
    hasRoom: ({ context }) => context.paths.length < context.capacity,
  },
}).createMachine({
  id: 'bookmarks',
  context: ({ input }) => {
    const capacity = input.capacity ?? BOOKMARK_CAPACITY;
    return { userId: input.userId, paths: normalize(input.paths, capacity), capacity };
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'bookmarks.load': { actions: 'assignLoaded' },
        'bookmark.toggle': [
          { guard: and(['hasUser', 'isBookmarked']), actions: ['removeBookmark', { type: 'persistBookmarks', params: persistParams }] },
          { guard: and(['hasUser', 'hasRoom']), actions: ['addBookmark', { type: 'persistBookmarks', params: persistParams }] },
          { guard: 'hasUser', actions: 'emitFull' },
        ],
        'bookmark.remove': {
          guard: and(['hasUser', 'isBookmarked']),
          actions: ['removeBookmark', { type: 'persistBookmarks', params: persistParams }],
        },
      },
    },
  },
});
