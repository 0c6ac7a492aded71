import { fromPromise } from 'xstate';
import { composeMachine } from '@machines/email/compose.machine';
import {
  emailMachine,
  type MarkUnreadInput,
  type MoveMailsInput,
  type SetLabelsInput,
  type SetStarredInput,
  type UpdateLabelsInput,
} from '@machines/email/email.machine';
import { mailboxMachine, type LoadMailsInput } from '@machines/email/mailbox.machine';
import type { ComposeInput, Email, EmailMeta, EmailTag } from '@machines/email/types';
import { composeEmail } from '../api/compose-email';
import { getEmailMeta } from '../api/get-email-meta';
import { getEmailTags } from '../api/get-email-tags';
import { getMails } from '../api/get-mails';
import { markUnread } from '../api/mark-unread';
import { moveMails } from '../api/move-mails';
import { setLabels } from '../api/set-labels';
import { setStarred } from '../api/set-starred';
import { updateLabels } from '../api/update-labels';

/** The mailbox machine with the app's API calls as the actors of it, its email actors and its composers. */
export function createMailboxLogic() {
  const mutations = {
    moveMails: fromPromise<unknown, MoveMailsInput>(({ input }) => moveMails(input)),
    updateLabels: fromPromise<unknown, UpdateLabelsInput>(({ input }) => updateLabels(input)),
    markUnread: fromPromise<unknown, MarkUnreadInput>(({ input }) => markUnread(input)),
    setStarred: fromPromise<unknown, SetStarredInput>(({ input }) => setStarred(input)),
  };
  const compose = composeMachine.provide({
    actors: { submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input }) => composeEmail(input)) },
  });
  return mailboxMachine.provide({
    actors: {
      ...mutations,
      loadMails: fromPromise<Email[], LoadMailsInput>(({ input, signal }) => getMails(input, signal)),
      loadMeta: fromPromise<EmailMeta>(({ signal }) => getEmailMeta(signal)),
      loadTags: fromPromise<EmailTag[]>(({ signal }) => getEmailTags(signal)),
      emailMachine: emailMachine.provide({
        actors: {
          ...mutations,
          setLabels: fromPromise<unknown, SetLabelsInput>(({ input }) => setLabels(input)),
          composeMachine: compose,
        },
      }),
      composeMachine: compose,
    },
  });
}

export type MailboxLogic = ReturnType<typeof createMailboxLogic>;
