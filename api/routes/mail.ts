import { idempotent } from '../idempotency';
import { json, problem } from '../http';
import {
  composeEmail,
  EMAIL_TAGS,
  listMails,
  mailMeta,
  markUnread,
  moveMails,
  setLabels,
  setStarred,
  updateLabels,
  type MailResult,
} from '../services/mail';
import type { SignedInRoutes } from './types';

/** The mailbox app's /api/apps/email (docs/api/openapi.yaml): HTTP in, the mail service's rules, HTTP out. */

function answer(result: MailResult): Response {
  switch (result.kind) {
    case 'mails':
      return json(200, result.mails);
    case 'meta':
      return json(200, result.meta);
    case 'done':
      // A change answers 200 with an empty body, as the specification says.
      return new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
    case 'created':
      return json(201, { id: result.id });
    case 'invalid':
      return problem(422, result.message, result.errors ? { errors: result.errors } : {});
  }
}

export const mailRoutes: SignedInRoutes = {
  getMails: async ({ env, caller, request }) => {
    const query = new URL(request.url).searchParams;
    return answer(await listMails(env, caller, query.get('filter'), query.get('q')));
  },
  getEmailTags: () => Promise.resolve(json(200, EMAIL_TAGS)),
  getEmailMeta: async ({ env, caller }) => answer(await mailMeta(env, caller)),
  moveMails: async ({ env, caller, body }) => answer(await moveMails(env, caller, body)),
  updateLabels: async ({ env, caller, body }) => answer(await updateLabels(env, caller, body)),
  setLabels: async ({ env, caller, body }) => answer(await setLabels(env, caller, body)),
  markUnread: async ({ env, caller, body }) => answer(await markUnread(env, caller, body)),
  setStarred: async ({ env, caller, body }) => answer(await setStarred(env, caller, body)),
  composeEmail: async ({ env, caller, body, text, request }) =>
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () => answer(await composeEmail(env, caller, body))),
};
