import type { AnyActorLogic, AnyStateMachine } from 'xstate';

/**
 * What a recorded test keeps real and what it fakes (docs/testing-machines.md § "From a bug report to a test"):
 * the recorded machine and the machines it spawns or invokes by default (a to-do list's task actors, a mailbox's
 * email actors) run for real, so what they tell each other happens again by itself; every other actor (a promise,
 * a callback) is a fake that answers only when a recorded step says so.
 */

/** A state machine (not a promise or callback logic): it has states and can be given other implementations. */
export function isMachineLogic(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'provide' in logic && 'implementations' in logic;
}

function actorsOf(machine: AnyStateMachine): Record<string, unknown> {
  const actors: unknown = machine.implementations.actors;
  return typeof actors === 'object' && actors !== null ? { ...actors } : {};
}

function walk(machine: AnyStateMachine, seen: Set<AnyStateMachine>, found: { real: Set<string>; faked: Set<string> }) {
  if (seen.has(machine)) return found;
  seen.add(machine);
  for (const [src, logic] of Object.entries(actorsOf(machine))) {
    if (isMachineLogic(logic)) {
      found.real.add(src);
      walk(logic, seen, found);
    } else found.faked.add(src);
  }
  return found;
}

/** The actor sources a recorded test keeps real (machines) and those it fakes, over the machine and its child machines. */
export function replaySources(machine: AnyStateMachine): { real: string[]; faked: string[] } {
  const { real, faked } = walk(machine, new Set(), { real: new Set(), faked: new Set() });
  return { real: [...real].sort(), faked: [...faked].sort() };
}

/** The machine with every actor that is no machine replaced by its fake, in it and in the machines it spawns or invokes. */
export function withFakes<TMachine extends AnyStateMachine>(machine: TMachine, fakes: Record<string, AnyActorLogic>): TMachine {
  const actors = Object.fromEntries(
    Object.entries(actorsOf(machine)).map(([src, logic]) => [src, isMachineLogic(logic) ? withFakes(logic, fakes) : (fakes[src] ?? logic)]),
  );
  return machine.provide({ actors }) as TMachine;
}
