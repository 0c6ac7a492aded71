import { describe, expect, it } from 'vitest';
import { MACHINES } from '../statecharts/registry';
import { coverageTargets } from './coverage';

describe('machine coverage targets', () => {
  it('gives every registry machine a unique id, so coverage can be keyed by it', () => {
    const ids = MACHINES.map((entry) => entry.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hands what there is to reach in each machine, read from its definition, to the coverage report', ({ task }) => {
    task.meta.machineTargets = MACHINES.map((entry) => ({
      name: entry.name,
      id: entry.machine.id,
      file: entry.file,
      ...coverageTargets(entry.machine),
    }));
    for (const target of task.meta.machineTargets) expect(target.states.length + target.transitions.length, target.name).toBeGreaterThan(0);
  });
});
