import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { composeMachine } from './compose.machine';
import {
  emailMachine,
  type MarkUnreadInput,
  type MoveMailsInput,
  type SetLabelsInput,
  type SetStarredInput,
  type UpdateLabelsInput,
} from './email.machine';
import { mailboxMachine, type LoadMailsInput, type MailboxNotice } from './mailbox.machine';
import { anEmail } from '../testing/fixtures';
import type { ComposeInput, Email, EmailMeta, EmailTag } from './types';

/** Shared by mailbox.machine.test.ts and mailbox.children.test.ts (split to keep each file under 450 lines). */
export const TAGS: EmailTag[] = [{ text: 'Company', value: 'company', color: 'primary' }];
export const META: EmailMeta = {
  unreadMails: { folder: { inbox: [1, 3], spam: [] }, label: { personal: [], company: [1], important: [], private: [] } },
  draftMails: [],
};
export const inbox = (): Email[] => [
  anEmail({ id: 3, unread: true, subject: 'Three' }),
  anEmail({ id: 2, unread: false, subject: 'Two', isStarred: true }),
  anEmail({ id: 1, unread: true, subject: 'One' }),
];

type Outcome = 'ok' | 'fail' | 'hold';
export interface Plan {
  loadMails?: (input: LoadMailsInput) => Promise<Email[]>;
  loadMeta?: () => Promise<EmailMeta>;
  loadTags?: () => Promise<EmailTag[]>;
  mutation?: Outcome;
}

/** The three loaders, wrapped by the test (vi.fn) so it can see their calls. */
interface Loaders {
  loadMails: (input: LoadMailsInput) => Promise<Email[]>;
  loadMeta: () => Promise<EmailMeta>;
  loadTags: () => Promise<EmailTag[]>;
}

export function startWith<L extends Loaders>(wrap: (loaders: Loaders) => L, plan: Plan = {}, filter: 'inbox' | 'draft' = 'inbox') {
  const calls: { actor: string; input: unknown }[] = [];
  const notices: MailboxNotice[] = [];
  const mutation = <I>(name: string) =>
    fromPromise<unknown, I>(({ input }) => {
      calls.push({ actor: name, input });
      if (plan.mutation === 'fail') return Promise.reject(new Error('refused'));
      if (plan.mutation === 'hold') return new Promise(() => undefined);
      return Promise.resolve(undefined);
    });
  const { loadMails, loadMeta, loadTags } = wrap({
    loadMails: plan.loadMails ?? (async () => inbox()),
    loadMeta: plan.loadMeta ?? (async () => META),
    loadTags: plan.loadTags ?? (async () => TAGS),
  });
  const compose = composeMachine.provide({
    actors: {
      submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input }) => {
        calls.push({ actor: 'submitEmail', input });
        return Promise.resolve({ id: 50 });
      }),
    },
  });
  const machine = mailboxMachine.provide({
    actors: {
      loadMails: fromPromise<Email[], LoadMailsInput>(({ input }) => loadMails(input)),
      loadMeta: fromPromise<EmailMeta>(() => loadMeta()),
      loadTags: fromPromise<EmailTag[]>(() => loadTags()),
      moveMails: mutation<MoveMailsInput>('moveMails'),
      updateLabels: mutation<UpdateLabelsInput>('updateLabels'),
      markUnread: mutation<MarkUnreadInput>('markUnread'),
      setStarred: mutation<SetStarredInput>('setStarred'),
      emailMachine: emailMachine.provide({
        actors: {
          markUnread: mutation<MarkUnreadInput>('email.markUnread'),
          setStarred: mutation<SetStarredInput>('email.setStarred'),
          updateLabels: mutation<UpdateLabelsInput>('email.updateLabels'),
          setLabels: mutation<SetLabelsInput>('email.setLabels'),
          moveMails: mutation<MoveMailsInput>('email.moveMails'),
          composeMachine: compose,
        },
      }),
      composeMachine: compose,
    },
  });
  const actor = createActor(machine, { input: { filter, me: { email: 'user@acme.example', name: 'Ulysses User' } } });
  actor.on('notice', (n) => notices.push(n));
  actor.start();
  return { actor, calls, notices, loadMails, loadMeta, loadTags };
}

export const loaded = (actor: ReturnType<typeof startWith>['actor']) => waitFor(actor, (s) => s.matches({ list: 'loaded', meta: 'ready' }));
export const emailActor = (actor: ReturnType<typeof startWith>['actor'], id: number) =>
  actor.getSnapshot().children[`email-${id}`] as ActorRefFrom<typeof emailMachine> | undefined;
