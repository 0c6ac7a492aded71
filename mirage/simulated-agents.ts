import type { AgentUrlPolicy, OperatingSystem } from '../machines/domain/types';
import { agentSecretStore, credentialFromSecret, simulatedSecret } from './agent-credentials';
import type { MirageDb } from './db';
import { unitStore } from './unit-store';
import { commandStore } from './commands';
import { WATCHED_REPORT_MS, watchedUnitsOf, type WatchedUnits } from './watched-units';
import type { Repositories } from './repositories';
import { blockingRule } from '../core/process-rules';
import { urlPolicyOf, type UrlPolicyRule } from '../core/url-policy';
import { createRandom, hashString } from '../core/random';
import { CATALOG, initialProcesses, PEOPLE, accountFor, processRuleStore, processStore, type ProcessRuleRow } from './domains/processes';
import { compareIds } from '../core/record-ids';
import type { ServiceUnitRow } from './domains/service-units';

/**
 * The simulated agents (docs/domain.md, "Simulated agents"): the seeded units' agents, driven by a timer,
 * call the same agent API a real agent calls (through `call`: `fetch` in the browser, which Pretender
 * serves; the server's own request handler in Node). Nothing about their heartbeats is special-cased in
 * the backend. Each one heartbeats at its unit's interval (staggered), reports its processes every few
 * heartbeats, fetches its commands within a second of their issue (as a real agent's long poll), and answers them: it ends its own simulated processes, and answers a capture
 * with success (the backend then stores a generated screenshot, drawn by the app, as the seeded ones).
 * At most SIMULATED_AGENT_CAP units have one (mirage/domains/service-units.ts).
 */

/** One HTTP call of the agent API: a `fetch`-like function (the body is JSON text or null). */
export type AgentCall = (
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | null,
) => Promise<{ status: number; body: unknown }>;

/** What the agents read: which units have one, their rules, running processes and pending commands, and the credentials' secret. */
type SimulatedAgentRepositories = Pick<Repositories, 'units' | 'processRules' | 'processes' | 'commands' | 'agentSecrets'>;

/** Where the agents read: the embedded backend's db, or the repositories and watched units a backend gives (the server's). */
type AgentData = { db: MirageDb } | { repositories: SimulatedAgentRepositories; watched: WatchedUnits };

export type SimulatedAgentsOptions = AgentData & AgentDriverOptions;

export interface AgentDriverOptions {
  call: AgentCall;
  now?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** How often the driver looks for due agents (ms; default 1000). */
  tickMs?: number;
  /** Report processes every this many heartbeats (default 4: every 2 minutes at 30 s). */
  processEvery?: number;
  /**
   * Settles when the agents may start (default: at once). The browser waits for the first paint and an idle period
   * (`afterFirstPaintAndIdle`), so their reads and heartbeats stay off the first screen's main thread (issue 46 §1).
   */
  startAfter?: () => Promise<void>;
  /** Called when a call failed other than with 401 (which stops that agent: it was revoked). */
  onError?: (error: unknown) => void;
}

export interface SimulatedAgents {
  /** Runs every agent that is due now (the timer calls it; tests call it after moving the clock). */
  tick(): Promise<void>;
  /** Settles once the units with a simulated agent at the start are known (unitIds lists them). */
  readonly ready: Promise<void>;
  /** The units whose agent this driver runs now. */
  readonly unitIds: readonly string[];
  stop(): void;
}

interface SimulatedProcess {
  pid: number;
  name: string;
  user: string;
  cpuPercent: number;
  memoryMb: number;
  startedAt: string;
}

interface AgentState {
  unitId: string;
  /** Derived at the agent's first call: 300 HMACs at once held the main thread ~270 ms at the start. */
  credential: string | null;
  nextBeatAt: number;
  beats: number;
  startedAt: number;
  processes: SimulatedProcess[] | null;
  /**
   * The unit's process rules as of the last report (rulesKey): a change makes the agent apply them now.
   * null until the first tick reads them.
   */
  rulesKey: string | null;
  /**
   * How it enforces the URL rules, as the reference agent reports it (core/url-policy, the same translation): its
   * policy "written" whenever the rules of its last config or their schedules change it. null until the first config.
   */
  urlPolicy: AgentUrlPolicy | null;
  /** The policy's content as last "written", to tell when it changes. */
  policyContent: string;
  /** Process reports sent (each one's figures differ) and when the last one was. */
  reports: number;
  lastReportAt: number;
  stopped: boolean;
}

const OS_NAMES: Record<OperatingSystem, string> = {
  windows: 'Microsoft Windows 11 Pro 23H2',
  macos: 'macOS 14.6 Sonoma',
  linux: 'Ubuntu 22.04.4 LTS',
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The process rules of these units, as a comparable key per unit (one read of their rules). */
async function rulesKeys(rules: SimulatedAgentRepositories['processRules'], unitIds: readonly string[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const [unitId, ofUnit] of await rules.ofUnits(unitIds)) {
    const sorted = [...ofUnit].sort((a, b) => compareIds(a.id, b.id));
    keys.set(unitId, sorted.map((r) => `|${String(r.id)}:${r.enabled ? r.action : 'off'}:${r.pattern}`).join(''));
  }
  return keys;
}

/** The next process report of a simulated agent: figures drift, now and then one quits or one starts. */
export function nextProcessList(
  unit: Pick<ServiceUnitRow, 'id' | 'operatingSystem'>,
  current: readonly SimulatedProcess[],
  tick: number,
  now: number,
): SimulatedProcess[] {
  const random = createRandom(hashString(`tick:${String(unit.id)}:${tick}`));
  const catalog = CATALOG[unit.operatingSystem] ?? CATALOG.linux;
  const next = current.map((p) => ({
    ...p,
    cpuPercent: round1(Math.max(0, Math.min(100, p.cpuPercent + (random() - 0.5) * Math.max(1, p.cpuPercent * 0.6)))),
    memoryMb: round1(Math.max(1, p.memoryMb * (1 + (random() - 0.5) * 0.06))),
  }));
  const optional = next.filter((p) => catalog.some((c) => c.name === p.name && c.chance > 0));
  if (optional.length > 0 && random() < 0.15) {
    const quitting = optional[Math.floor(random() * optional.length)];
    if (quitting) next.splice(next.indexOf(quitting), 1);
  }
  if (random() < 0.2) {
    const candidates = catalog.filter((c) => c.chance > 0 && !next.some((p) => p.name === c.name));
    const entry = candidates[Math.floor(random() * candidates.length)];
    if (entry) {
      const person = PEOPLE[Math.floor(random() * PEOPLE.length)] ?? 'user';
      const pid = next.reduce((m, p) => Math.max(m, p.pid), 1000) + 4 + Math.floor(random() * 400);
      next.push({
        pid,
        name: entry.name,
        user: accountFor(unit.operatingSystem, entry.user, person),
        cpuPercent: round1(entry.cpu * (0.5 + random())),
        memoryMb: round1(entry.memoryMb * (0.8 + random() * 0.4)),
        startedAt: new Date(now).toISOString(),
      });
    }
  }
  return next;
}

/** How often the driver reads every unit with a simulated agent (between, only those about to act). */
const FULL_READ_MS = 10_000;

/** The embedded backend's stores of what the agents read, over its rows. */
const dbRepositories = (db: MirageDb): SimulatedAgentRepositories => ({
  units: unitStore(db),
  processRules: processRuleStore(db),
  processes: processStore(db),
  commands: commandStore(db),
  agentSecrets: agentSecretStore(db),
});

/** Starts the driver; it runs until stop(). */
export function startSimulatedAgents(options: SimulatedAgentsOptions): SimulatedAgents {
  const { call } = options;
  const { repositories, watched } =
    'db' in options
      ? { repositories: dbRepositories(options.db), watched: watchedUnitsOf(options.db) }
      : { repositories: options.repositories, watched: options.watched };
  const now = options.now ?? (() => Date.now());
  const schedule = options.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const tickMs = options.tickMs ?? 1000;
  const processEvery = Math.max(1, options.processEvery ?? 4);
  const agents = new Map<string, AgentState>();
  let timer: unknown = null;
  let stopped = false;
  let running: Promise<void> | null = null;

  /** The units with a simulated agent as last read (once per tick: one query, not one per agent). */
  let known = new Map<string, Readonly<ServiceUnitRow>>();
  let fullReadAt = -Infinity;
  /** The database's secret for simulated credentials, once read (it never changes). */
  let secret: string | null = null;
  const load = async (at: number) => {
    known = new Map((await repositories.units.withSimulatedAgent()).map((unit) => [String(unit.id), unit]));
    // The units' credentials come from the database's secret (there is one once a unit has a simulated agent).
    if (known.size > 0) secret ??= await simulatedSecret(repositories.agentSecrets);
    fullReadAt = at;
  };
  /** Reads again only the units about to act (a few a tick): one revoked or gone since is dropped. */
  const reread = async (ids: readonly string[]) => {
    if (ids.length === 0) return;
    const fresh = new Map((await repositories.units.getMany(ids)).map((unit) => [String(unit.id), unit]));
    for (const id of ids) {
      const unit = fresh.get(id);
      if (unit?.agent?.kind === 'simulated' && !unit.agent.revokedAt) known.set(id, unit);
      else known.delete(id);
    }
  };
  const unitOf = (id: string) => known.get(id);
  const headers = (agent: AgentState) => {
    agent.credential ??= credentialFromSecret(secret ?? '', agent.unitId);
    return { Authorization: `Bearer ${agent.credential}`, 'Content-Type': 'application/json' };
  };
  const send = async (agent: AgentState, method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, headers(agent), body === undefined ? null : JSON.stringify(body));
    // Revoked (or the unit deleted): this agent stops, as a real one would keep failing.
    if (answer.status === 401) agent.stopped = true;
    else if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status}`);
    return answer;
  };

  /** Which units have a simulated agent now: new ones join (staggered over one interval), gone ones leave. */
  const refresh = (at: number) => {
    const units = [...known.values()];
    const ids = new Set(units.map((u) => String(u.id)));
    for (const id of agents.keys()) if (!ids.has(id)) agents.delete(id);
    units.forEach((unit, index) => {
      const id = String(unit.id);
      if (agents.has(id)) return;
      const interval = (unit.agent?.heartbeatIntervalS ?? 30) * 1000;
      agents.set(id, {
        unitId: id,
        credential: null,
        nextBeatAt: at + Math.floor((index / Math.max(1, units.length)) * interval),
        beats: 0,
        startedAt: at - (hashString(`uptime:${id}`) % 864_000) * 1000,
        processes: null,
        rulesKey: null,
        urlPolicy: null,
        policyContent: '',
        reports: 0,
        lastReportAt: 0,
        stopped: false,
      });
    });
  };

  const processesOf = async (agent: AgentState, unit: Readonly<ServiceUnitRow>): Promise<SimulatedProcess[]> => {
    if (agent.processes) return agent.processes;
    const stored = await repositories.processes.running(agent.unitId);
    const rows = stored.length > 0 ? stored : initialProcesses(unit, now());
    agent.processes = rows.map((p) => ({
      pid: p.pid,
      name: p.name,
      user: p.user,
      cpuPercent: p.cpuPercent,
      memoryMb: p.memoryMb,
      startedAt: p.startedAt,
    }));
    return agent.processes;
  };

  // The simulated machines' local time is this process's (the console's URL tester decides schedules the same way).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const applyUrlPolicy = (agent: AgentState, unit: Readonly<ServiceUnitRow>, urlRules: readonly UrlPolicyRule[]) => {
    const at = new Date(now());
    const policy = urlPolicyOf(urlRules.filter(Boolean), at, timeZone);
    const content = JSON.stringify(policy.chromium);
    const changed = content !== agent.policyContent || agent.urlPolicy === null;
    agent.policyContent = content;
    agent.urlPolicy = {
      state: 'written',
      writtenAt: changed ? at.toISOString() : (agent.urlPolicy?.writtenAt ?? at.toISOString()),
      // Linux kiosks run Chromium; Windows and macOS machines Chrome.
      browsers: unit.operatingSystem === 'linux' ? ['chromium', 'chrome'] : ['chrome'],
      message: '',
      rules: policy.rules,
    };
  };

  const reportProcesses = async (agent: AgentState, unit: Readonly<ServiceUnitRow>, rulesKey: string) => {
    agent.rulesKey = rulesKey;
    const config = await send(agent, 'GET', '/api/agent/config');
    if (agent.stopped) return;
    const rules = ((config.body as { processRules?: ProcessRuleRow[] } | null)?.processRules ?? []).filter(Boolean);
    applyUrlPolicy(agent, unit, (config.body as { urlRules?: UrlPolicyRule[] } | null)?.urlRules ?? []);
    const current = await processesOf(agent, unit);
    if (agent.stopped) return;
    // The agent enforces its rules, as the reference agent does (core/process-rules, the same decision): a process
    // a block rule matches is ended, so it is not in the report (the backend records it as ended by the rule).
    agent.reports += 1;
    agent.lastReportAt = now();
    const list = nextProcessList(unit, current, agent.reports, now()).filter((p) => !blockingRule(rules, p.name));
    agent.processes = list;
    await send(agent, 'PUT', '/api/agent/processes', { unitId: agent.unitId, processes: list });
  };

  const answerCommands = async (agent: AgentState, unit: Readonly<ServiceUnitRow>) => {
    const answer = await send(agent, 'GET', '/api/agent/commands?wait=0');
    const items = (answer.body as { items?: { id: string; kind: string; pid: number | null }[] } | null)?.items ?? [];
    for (const command of items) {
      if (agent.stopped) return;
      let result: { status: string; message?: string } = { status: 'succeeded' };
      if (command.kind === 'endProcess') {
        const list = await processesOf(agent, unit);
        const index = list.findIndex((p) => p.pid === command.pid);
        if (index >= 0) list.splice(index, 1);
        else result = { status: 'failed', message: 'No such process' };
      }
      await send(agent, 'POST', `/api/agent/commands/${command.id}/result`, result);
    }
  };

  const beat = async (agent: AgentState, rulesKey: string) => {
    const unit = unitOf(agent.unitId);
    if (!unit?.agent || unit.agent.revokedAt) {
      agent.stopped = true;
      return;
    }
    agent.beats += 1;
    // Its first heartbeat already says how it enforces the URL rules, as the reference agent's does.
    if (agent.urlPolicy === null) {
      const config = await send(agent, 'GET', '/api/agent/config');
      if (agent.stopped) return;
      applyUrlPolicy(agent, unit, (config.body as { urlRules?: UrlPolicyRule[] } | null)?.urlRules ?? []);
    }
    const at = now();
    const answer = await send(agent, 'POST', '/api/agent/heartbeat', {
      unitId: agent.unitId,
      system: {
        hostname: unit.hostname,
        platform: unit.operatingSystem,
        osName: OS_NAMES[unit.operatingSystem] ?? 'Linux',
        ipAddresses: unit.ipAddress ? [unit.ipAddress] : [],
        uptimeS: Math.max(0, Math.floor((at - agent.startedAt) / 1000)),
        agentVersion: unit.agentVersion,
      },
      ...(agent.urlPolicy ? { urlPolicy: agent.urlPolicy } : {}),
    });
    if (agent.stopped) return;
    if (((answer.body as { pendingCommands?: number } | null)?.pendingCommands ?? 0) > 0) await answerCommands(agent, unit);
    if (!agent.stopped && agent.beats % processEvery === 1 % processEvery) await reportProcesses(agent, unit, rulesKey);
  };

  const tick = (): Promise<void> =>
    (running ??= (async () => {
      try {
        await ready;
        const at = now();
        // Which units have an agent: read whole every FULL_READ_MS (new agents join within it), not every tick.
        if (at - fullReadAt >= FULL_READ_MS || at < fullReadAt) await load(at);
        refresh(at);
        const due = [...agents.values()].filter((agent) => !agent.stopped && agent.nextBeatAt <= at);
        for (const agent of due) {
          const interval = (unitOf(agent.unitId)?.agent?.heartbeatIntervalS ?? 30) * 1000;
          agent.nextBeatAt = Math.max(agent.nextBeatAt + interval, at + 1);
        }
        // A real agent long-polls its commands: a simulated one that is not due fetches them within a tick too.
        const waiting = await repositories.commands.unitsWithPending();
        const polling = [...agents.values()].filter((agent) => !agent.stopped && !due.includes(agent) && waiting.has(agent.unitId));
        // A real agent applies changed rules at its next config fetch; a simulated one within a tick, so blocking
        // a process in the demo answers at once (its report leaves the process out).
        const keys = await rulesKeys(repositories.processRules, [...agents.keys()]);
        const keyOf = (agent: AgentState) => keys.get(agent.unitId) ?? '';
        for (const agent of agents.values()) agent.rulesKey ??= keyOf(agent);
        // Someone has the unit's process monitor open: its processes are reported every couple of seconds.
        const watchedIds = watched.ids(at);
        const ruled = [...agents.values()].filter(
          (agent) =>
            !agent.stopped &&
            !due.includes(agent) &&
            !polling.includes(agent) &&
            (agent.rulesKey !== keyOf(agent) || (watchedIds.has(agent.unitId) && at - agent.lastReportAt >= WATCHED_REPORT_MS)),
        );
        await reread([...due, ...polling, ...ruled].map((agent) => agent.unitId));
        const run = (agent: AgentState, work: () => Promise<void>) =>
          stopped
            ? null
            : work().catch((error: unknown) => {
                // A call still under way when the driver stopped (the tab or the server going away) fails as expected.
                if (!stopped) options.onError?.(error);
              });
        // Side by side, as separate machines would: each waits only for its own answers.
        await Promise.all([
          ...due.map((agent) => run(agent, () => beat(agent, keyOf(agent)))),
          ...polling.map((agent) =>
            run(agent, async () => {
              const unit = unitOf(agent.unitId);
              if (unit) await answerCommands(agent, unit);
            }),
          ),
          ...ruled.map((agent) =>
            run(agent, async () => {
              const unit = unitOf(agent.unitId);
              if (unit) await reportProcesses(agent, unit, keyOf(agent));
            }),
          ),
        ]);
      } finally {
        running = null;
      }
    })());

  const loop = () => {
    if (stopped) return;
    timer = schedule(() => {
      void tick().then(loop, loop);
    }, tickMs);
  };
  // The agents known at the start begin their staggered heartbeats from then; the first tick follows one tickMs later.
  const begin = () => {
    const startedAt = now();
    loop();
    return load(startedAt).then(
      () => refresh(startedAt),
      (error: unknown) => options.onError?.(error),
    );
  };
  const ready = options.startAfter ? options.startAfter().then(() => (stopped ? undefined : begin())) : begin();

  return {
    tick,
    ready,
    get unitIds() {
      return [...agents.keys()];
    },
    stop() {
      stopped = true;
      if (timer !== null) cancel(timer);
    },
  };
}

/**
 * Resolves after the page's first paint, its load event and then `quietMs` plus an idle moment of the main thread: when the
 * browser's simulated agents may start (their first reads and heartbeats otherwise share the first screen's main thread).
 */
export function afterFirstPaintAndIdle(quietMs = 2000): Promise<void> {
  if (typeof window === 'undefined' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return Promise.all([loaded, painted])
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, quietMs)))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: quietMs });
          else resolve();
        }),
    );
}
