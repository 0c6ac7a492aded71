import { assign } from 'xstate';
import { mailboxSetup, SEARCH_DEBOUNCE_MS } from './mailbox.setup';

/**
 * The mailbox's `list` region: load a folder or label (searched after a pause in typing), then select, star and
 * change emails in bulk; a bulk change reloads the list and the counts.
 */
export const listRegion = mailboxSetup.createStateConfig({
  initial: 'loading',
  on: {
    'mailbox.filter': { target: '.loading', actions: ['closeEmail', 'assignFilter'] },
    'mailbox.location': [
      { guard: 'isOtherFilter', target: '.loading', actions: ['closeEmail', 'assignLocation'] },
      { guard: 'isLocationWithoutEmail', actions: ['closeEmail', assign({ pendingOpenId: null })] },
      { guard: 'isLocationOfOpenedEmail' },
      { guard: 'isLocationPending' },
      { guard: 'isLocationOfListedEmail', actions: { type: 'openById', params: ({ event }) => ({ id: event.openId }) } },
      // Not in the list (yet): a load is running, or the email does not exist; the next load decides.
      { target: '.loading', actions: ['closeEmail', 'assignPendingOpen'] },
    ],
    'mailbox.search': { target: '.loading.debouncing', actions: 'assignQuery' },
    'mailbox.refresh': { target: '.loading' },
  },
  states: {
    loading: {
      tags: ['busy'],
      initial: 'fetching',
      states: {
        debouncing: {
          after: { [SEARCH_DEBOUNCE_MS]: { target: 'fetching' } },
        },
        fetching: {
          invoke: {
            id: 'loadMails',
            src: 'loadMails',
            input: ({ context }) => ({ filter: context.filter, query: context.query.trim() }),
            onDone: [
              {
                guard: { type: 'hasNoEmails', params: ({ event }) => ({ emails: event.output }) },
                target: '#mailbox.list.empty',
                actions: [{ type: 'assignEmails', params: ({ event }) => ({ emails: event.output }) }, 'resolvePendingOpen'],
              },
              {
                target: '#mailbox.list.loaded',
                actions: [{ type: 'assignEmails', params: ({ event }) => ({ emails: event.output }) }, 'resolvePendingOpen'],
              },
            ],
            onError: {
              target: '#mailbox.list.failed',
              actions: { type: 'assignListFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    loaded: {
      on: {
        'mailbox.select.toggle': { guard: 'isKnownEmail', actions: 'toggleSelection' },
        'mailbox.select.all': { actions: 'toggleSelectAll' },
        'mailbox.select.clear': { actions: 'clearSelection' },
        'mailbox.bulk': { guard: 'hasSelection', target: 'mutating', actions: 'assignBulk' },
        'mailbox.star.toggle': { guard: 'isKnownEmail', target: 'starring', actions: 'startStar' },
      },
    },
    empty: {},
    failed: {
      on: { 'mailbox.retry': { target: 'loading' } },
    },
    starring: {
      invoke: {
        id: 'setStarred',
        src: 'setStarred',
        input: ({ context }) => ({ mailId: context.starring?.id ?? 0, value: context.starring?.value ?? false }),
        onDone: { target: 'loaded', actions: 'forgetStar' },
        onError: { target: 'loaded', actions: ['rollBackStar', 'noticeStarFailed'] },
      },
    },
    mutating: {
      tags: ['busy'],
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'isBulkMove', target: 'moving' }, { guard: 'isBulkLabel', target: 'labelling' }, { target: 'markingUnread' }],
        },
        moving: {
          invoke: {
            id: 'bulkMove',
            src: 'moveMails',
            input: ({ context }) => ({
              emailIds: context.selectedIds,
              mailFolder: context.bulk?.kind === 'move' ? context.bulk.folder : 'inbox',
            }),
            onDone: { target: '#mailbox.list.mutated' },
            onError: { target: '#mailbox.list.loaded', actions: ['noticeBulkFailed', assign({ bulk: null })] },
          },
        },
        labelling: {
          invoke: {
            id: 'bulkLabel',
            src: 'updateLabels',
            input: ({ context }) => ({
              emailIds: context.selectedIds,
              label: context.bulk?.kind === 'label' ? context.bulk.label : 'personal',
            }),
            onDone: { target: '#mailbox.list.mutated' },
            onError: { target: '#mailbox.list.loaded', actions: ['noticeBulkFailed', assign({ bulk: null })] },
          },
        },
        markingUnread: {
          invoke: {
            id: 'bulkMarkUnread',
            src: 'markUnread',
            input: ({ context }) => ({
              emailIds: context.selectedIds,
              unreadFlag: context.bulk?.kind === 'markUnread' ? context.bulk.unread : true,
            }),
            onDone: { target: '#mailbox.list.mutated' },
            onError: { target: '#mailbox.list.loaded', actions: ['noticeBulkFailed', assign({ bulk: null })] },
          },
        },
      },
    },
    /** A bulk change went through: tell, clear the selection, reload list and counts. */
    mutated: {
      entry: ['noticeBulkDone', 'clearSelection', assign({ bulk: null }), 'reloadMeta'],
      always: { target: 'loading' },
    },
  },
});
