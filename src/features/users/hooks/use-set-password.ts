import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { jobMachine } from '@machines/job/job.machine';
import { checkSetPasswordLink } from '../api/check-set-password-link';
import { setPassword } from '../api/set-password';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

export interface SetPasswordServices {
  check: (token: string, signal: AbortSignal) => Promise<{ username: string; fullName: string; email: string }>;
  submit: (input: { token: string; password: string; rePassword: string }) => Promise<{ username: string }>;
}

export const setPasswordServices: SetPasswordServices = {
  check: (token, signal) => checkSetPasswordLink(token, signal),
  submit: ({ token, password, rePassword }) => setPassword(token, password, rePassword),
};

/** The public set-password page: one task checks the link (as soon as it starts), one sets the password. */
export function useSetPassword(token: string, services: SetPasswordServices = setPasswordServices) {
  const check = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ input, signal }) => services.check(String(input), signal)) } }),
    { input: { start: { input: token } } },
  );
  const submit = useScreenActor(
    jobMachine.provide({
      actors: {
        job: fromPromise<unknown, unknown>(({ input }) =>
          services.submit(input as { token: string; password: string; rePassword: string }),
        ),
      },
    }),
  );
  const account = useSelector(check, (s) => s.context.output as { username: string; fullName: string } | null);
  const checking = useSelector(check, (s) => s.hasTag('busy') || (s.context.output === null && s.context.error === null));
  const invalid = useSelector(check, (s) => s.context.error !== null);
  const saving = useSelector(submit, (s) => s.hasTag('busy'));
  const saved = useSelector(submit, (s) => s.context.output as { username: string } | null);
  const saveError = useSelector(submit, (s) => s.context.error);
  return { check, submit, account, checking, invalid, saving, saved, saveError };
}
