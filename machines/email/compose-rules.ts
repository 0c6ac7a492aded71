import type { TextRule } from '../text/text-rules';

/** A composed email's text limits: the compose machine checks with them, the backend refuses with them (api/services/mail.ts). */
export const COMPOSE_TEXT_RULES = {
  subject: { max: 300 },
  message: { max: 100_000, multiline: true },
} satisfies Record<'subject' | 'message', TextRule>;
