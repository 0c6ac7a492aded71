import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { authFormMachine, type AuthFormValues } from '@machines/session/auth-form.machine';
import { useActorEvents } from '@/components/actor-bridges';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

type FormSnapshot = ReturnType<ReturnType<typeof useAuthFormActor>['getSnapshot']>;
export const selectIsSubmitting = (s: FormSnapshot) => s.matches('submitting');
export const selectHasSucceeded = (s: FormSnapshot) => s.matches('succeeded');
export const selectFieldErrors = (s: FormSnapshot) => s.context.fieldErrors;

function useAuthFormActor(submit: (values: AuthFormValues) => Promise<unknown>) {
  return useScreenActor(
    authFormMachine.provide({ actors: { submit: fromPromise<unknown, AuthFormValues>(({ input }) => submit(input)) } }),
  );
}

/** One public auth form's machine, with the API call plugged in and its announcements handed to the view. */
export function useAuthForm(
  submit: (values: AuthFormValues) => Promise<unknown>,
  on: { succeeded: () => void; failed: (message: string) => void },
) {
  const actor = useAuthFormActor(submit);
  useActorEvents(actor, { succeeded: () => on.succeeded(), failed: (event) => on.failed(event.message) });
  const busy = useSelector(actor, selectIsSubmitting);
  const done = useSelector(actor, selectHasSucceeded);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  return { actor, busy, done, fieldErrors };
}
