import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, Observer, SnapshotFrom } from 'xstate';
import { withInspect } from './index';

/** What `useActorRef` takes after the logic: the options (required when the logic needs input) and an observer. */
type ActorRefArgs<TLogic extends AnyActorLogic> = Parameters<typeof useActorRef<TLogic>> extends [unknown, ...infer Rest] ? Rest : never;

type Listener<TLogic extends AnyActorLogic> = Observer<SnapshotFrom<TLogic>> | ((value: SnapshotFrom<TLogic>) => void);

/**
 * The one place where the app's screens and components create their actors: `useActorRef` with the app's
 * inspector, so the machine explorer (/dev/statecharts) lists every running screen actor live, with the
 * children it invokes and spawns (to-do tasks, opened emails, list and editor of a CRUD screen), and its log
 * holds their events. A drop-in for `useActorRef` (same arguments, same result); inspection records nothing
 * while the developer tools are off (src/lib/inspection).
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, ...args: ActorRefArgs<TLogic>): Actor<TLogic>;
export function useScreenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options?: ActorOptions<TLogic>,
  observer?: Listener<TLogic>,
): Actor<TLogic> {
  // Callers are checked against useActorRef's own signature (the overload above); the options only gain `inspect`.
  const create = useActorRef as (logic: TLogic, options: ActorOptions<TLogic>, observer?: Listener<TLogic>) => Actor<TLogic>;
  return create(logic, withInspect(options), observer);
}
