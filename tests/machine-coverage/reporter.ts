import type { Reporter, TestModule } from 'vitest/node';
import type { CoverageRecord, CoverageTarget } from '../../machines/testing/coverage';

/**
 * `npm run test:coverage:machines`: after the model walks ran, prints for every machine of the registry
 * the states and transitions its walks reached out of the ones its definition has, and fails the run
 * (exit code 1) when any machine is below 100 % or has no walk.
 *
 * The walks hand what they reached through `task.meta.machineCoverage` (machines/testing/coverage.ts);
 * machines/testing/registry.model.test.ts hands the totals, read from each machine's definition.
 */
export default class MachineCoverageReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const targets: CoverageTarget[] = [];
    const reached = new Map<string, { states: Set<string>; transitions: Set<string> }>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta();
        targets.push(...(meta.machineTargets ?? []));
        for (const record of meta.machineCoverage ?? ([] as CoverageRecord[])) {
          const sets = reached.get(record.id) ?? { states: new Set<string>(), transitions: new Set<string>() };
          record.states.forEach((s) => sets.states.add(s));
          record.transitions.forEach((t) => sets.transitions.add(t));
          reached.set(record.id, sets);
        }
      }
    }
    const out: string[] = [];
    if (!targets.length) {
      out.push('machine coverage: no targets (machines/testing/registry.model.test.ts did not run)');
      process.stdout.write(`${out.join('\n')}\n`);
      process.exitCode = 1;
      return;
    }
    const rows = targets.map((target) => {
      const sets = reached.get(target.id);
      const states = target.states.filter((s) => sets?.states.has(s)).length;
      const transitions = target.transitions.filter((t) => sets?.transitions.has(t)).length;
      const missing = [
        ...target.states.filter((s) => !sets?.states.has(s)).map((s) => `state ${s}`),
        ...target.transitions.filter((t) => !sets?.transitions.has(t)).map((t) => `transition ${t}`),
      ];
      return { target, walked: Boolean(sets), states, transitions, missing };
    });
    const pct = (n: number, total: number) => (total ? `${Math.floor((n / total) * 1000) / 10}`.padStart(5) : '  100');
    const width = Math.max(...rows.map((r) => r.target.name.length), 'machine'.length);
    out.push('', 'Machine coverage (model-based walks over each machine’s real graph)', '');
    out.push(`${'machine'.padEnd(width)}  ${'states'.padStart(9)}  ${'%'.padStart(5)}  ${'transitions'.padStart(11)}  ${'%'.padStart(5)}`);
    for (const r of rows) {
      const s = `${r.states}/${r.target.states.length}`;
      const t = `${r.transitions}/${r.target.transitions.length}`;
      const note = r.walked ? '' : '  NO WALK';
      out.push(
        `${r.target.name.padEnd(width)}  ${s.padStart(9)}  ${pct(r.states, r.target.states.length)}  ${t.padStart(11)}  ${pct(r.transitions, r.target.transitions.length)}${note}`,
      );
    }
    const totalStates = rows.reduce((n, r) => n + r.target.states.length, 0);
    const totalTransitions = rows.reduce((n, r) => n + r.target.transitions.length, 0);
    const reachedStates = rows.reduce((n, r) => n + r.states, 0);
    const reachedTransitions = rows.reduce((n, r) => n + r.transitions, 0);
    out.push(
      `${'all'.padEnd(width)}  ${`${reachedStates}/${totalStates}`.padStart(9)}  ${pct(reachedStates, totalStates)}  ${`${reachedTransitions}/${totalTransitions}`.padStart(11)}  ${pct(reachedTransitions, totalTransitions)}`,
    );
    const failing = rows.filter((r) => !r.walked || r.missing.length);
    if (failing.length) {
      out.push('', `Below 100 %: ${failing.length} machine(s)`);
      for (const r of failing) {
        out.push(`  ${r.target.name} (${r.target.file})${r.walked ? '' : ': no model walk recorded this machine'}`);
        for (const m of r.missing.slice(0, 20)) out.push(`    - ${m}`);
        if (r.missing.length > 20) out.push(`    … ${r.missing.length - 20} more`);
      }
      process.exitCode = 1;
    } else {
      out.push('', 'Every machine: 100 % of its states and transitions.');
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
