import type { OperatingSystem, ProcessRule, ServiceUnit } from '../../machines/domain/types';
import { insertSeedRows, table, type MirageDb } from '../db';
import type { MirageContext, MirageDomain } from '../types';
import { blockingRule } from '../../core/process-rules';
import { unitsTable, type ServiceUnitRow } from '../unit-store';
import { createRandom, hashString } from '../../core/random';
import type { ProcessRecord, ProcessRepository } from '../../core/processes';
import type { ProcessRuleRepository } from '../../core/process-rule-repository';

// The screenshots domain draws its seeded captures with the same PRNG.
export { createRandom };

/** A process as stored: the public shape plus when and why it ended. */
export type ProcessRow = ProcessRecord;

export type ProcessRuleRow = ProcessRule;

export interface CatalogEntry {
  name: string;
  user: 'system' | 'service' | 'person';
  cpu: number;
  memoryMb: number;
  /** 0 = always present (system), else the chance it runs on a given unit */
  chance: number;
}

export const CATALOG: Record<OperatingSystem, CatalogEntry[]> = {
  windows: [
    { name: 'System', user: 'system', cpu: 0.4, memoryMb: 1, chance: 0 },
    { name: 'csrss.exe', user: 'system', cpu: 0.2, memoryMb: 6, chance: 0 },
    { name: 'winlogon.exe', user: 'system', cpu: 0.1, memoryMb: 9, chance: 0 },
    { name: 'lsass.exe', user: 'system', cpu: 0.3, memoryMb: 22, chance: 0 },
    { name: 'services.exe', user: 'system', cpu: 0.2, memoryMb: 11, chance: 0 },
    { name: 'svchost.exe', user: 'service', cpu: 0.6, memoryMb: 38, chance: 0 },
    { name: 'svchost.exe', user: 'system', cpu: 0.3, memoryMb: 24, chance: 0 },
    { name: 'spoolsv.exe', user: 'system', cpu: 0.1, memoryMb: 14, chance: 0 },
    { name: 'MsMpEng.exe', user: 'system', cpu: 2.5, memoryMb: 210, chance: 0 },
    { name: 'explorer.exe', user: 'person', cpu: 1.2, memoryMb: 120, chance: 0 },
    { name: 'sua-agent.exe', user: 'system', cpu: 0.8, memoryMb: 46, chance: 0 },
    { name: 'chrome.exe', user: 'person', cpu: 6, memoryMb: 680, chance: 0.7 },
    { name: 'msedge.exe', user: 'person', cpu: 3, memoryMb: 420, chance: 0.5 },
    { name: 'Teams.exe', user: 'person', cpu: 4, memoryMb: 530, chance: 0.6 },
    { name: 'OUTLOOK.EXE', user: 'person', cpu: 1.5, memoryMb: 260, chance: 0.7 },
    { name: 'WINWORD.EXE', user: 'person', cpu: 0.9, memoryMb: 180, chance: 0.4 },
    { name: 'EXCEL.EXE', user: 'person', cpu: 1.1, memoryMb: 210, chance: 0.5 },
    { name: 'OneDrive.exe', user: 'person', cpu: 0.4, memoryMb: 90, chance: 0.6 },
    { name: 'Code.exe', user: 'person', cpu: 3.5, memoryMb: 450, chance: 0.2 },
    { name: 'notepad.exe', user: 'person', cpu: 0.1, memoryMb: 12, chance: 0.3 },
    { name: 'Slack.exe', user: 'person', cpu: 1.8, memoryMb: 310, chance: 0.3 },
    { name: 'Zoom.exe', user: 'person', cpu: 5, memoryMb: 280, chance: 0.2 },
    { name: 'steam.exe', user: 'person', cpu: 2, memoryMb: 240, chance: 0.08 },
    { name: 'utorrent.exe', user: 'person', cpu: 3, memoryMb: 90, chance: 0.05 },
  ],
  macos: [
    { name: 'kernel_task', user: 'system', cpu: 3, memoryMb: 1400, chance: 0 },
    { name: 'launchd', user: 'system', cpu: 0.2, memoryMb: 14, chance: 0 },
    { name: 'WindowServer', user: 'service', cpu: 4, memoryMb: 310, chance: 0 },
    { name: 'mds_stores', user: 'system', cpu: 1.5, memoryMb: 120, chance: 0 },
    { name: 'coreaudiod', user: 'service', cpu: 0.4, memoryMb: 18, chance: 0 },
    { name: 'Finder', user: 'person', cpu: 0.6, memoryMb: 95, chance: 0 },
    { name: 'Dock', user: 'person', cpu: 0.3, memoryMb: 60, chance: 0 },
    { name: 'sua-agent', user: 'system', cpu: 0.7, memoryMb: 41, chance: 0 },
    { name: 'Safari', user: 'person', cpu: 3, memoryMb: 520, chance: 0.6 },
    { name: 'Google Chrome', user: 'person', cpu: 6, memoryMb: 740, chance: 0.6 },
    { name: 'Mail', user: 'person', cpu: 0.8, memoryMb: 150, chance: 0.5 },
    { name: 'Microsoft Teams', user: 'person', cpu: 4, memoryMb: 560, chance: 0.5 },
    { name: 'Slack', user: 'person', cpu: 1.6, memoryMb: 330, chance: 0.4 },
    { name: 'zoom.us', user: 'person', cpu: 5, memoryMb: 300, chance: 0.2 },
    { name: 'Terminal', user: 'person', cpu: 0.3, memoryMb: 55, chance: 0.3 },
    { name: 'Xcode', user: 'person', cpu: 8, memoryMb: 1200, chance: 0.1 },
    { name: 'Spotify', user: 'person', cpu: 1.2, memoryMb: 240, chance: 0.25 },
    { name: 'Steam', user: 'person', cpu: 2, memoryMb: 260, chance: 0.06 },
  ],
  linux: [
    { name: 'systemd', user: 'system', cpu: 0.1, memoryMb: 12, chance: 0 },
    { name: 'systemd-journald', user: 'system', cpu: 0.2, memoryMb: 30, chance: 0 },
    { name: 'sshd', user: 'system', cpu: 0.1, memoryMb: 8, chance: 0 },
    { name: 'cron', user: 'system', cpu: 0, memoryMb: 3, chance: 0 },
    { name: 'NetworkManager', user: 'system', cpu: 0.2, memoryMb: 18, chance: 0 },
    { name: 'sua-agent', user: 'system', cpu: 0.6, memoryMb: 38, chance: 0 },
    { name: 'Xorg', user: 'system', cpu: 2, memoryMb: 140, chance: 0.6 },
    { name: 'gnome-shell', user: 'person', cpu: 3, memoryMb: 380, chance: 0.6 },
    { name: 'firefox', user: 'person', cpu: 5, memoryMb: 620, chance: 0.6 },
    { name: 'chrome', user: 'person', cpu: 6, memoryMb: 700, chance: 0.3 },
    { name: 'code', user: 'person', cpu: 3, memoryMb: 430, chance: 0.3 },
    { name: 'slack', user: 'person', cpu: 1.5, memoryMb: 300, chance: 0.3 },
    { name: 'bash', user: 'person', cpu: 0, memoryMb: 5, chance: 0.7 },
    { name: 'dockerd', user: 'system', cpu: 1, memoryMb: 90, chance: 0.4 },
    { name: 'containerd', user: 'system', cpu: 0.6, memoryMb: 50, chance: 0.4 },
    { name: 'nginx', user: 'service', cpu: 0.4, memoryMb: 24, chance: 0.3 },
    { name: 'postgres', user: 'service', cpu: 1.2, memoryMb: 160, chance: 0.25 },
    { name: 'transmission-gtk', user: 'person', cpu: 2, memoryMb: 70, chance: 0.05 },
  ],
};

export const PEOPLE = ['j.smith', 'a.garcia', 'm.chen', 'l.novak', 'p.okafor', 'r.silva', 's.muller', 'k.tanaka', 'e.dubois', 'n.haddad'];

export function accountFor(os: OperatingSystem, kind: CatalogEntry['user'], person: string): string {
  if (kind === 'person') return person;
  if (os === 'windows') return kind === 'system' ? 'SYSTEM' : 'LOCAL SERVICE';
  if (os === 'macos') return kind === 'system' ? 'root' : '_windowserver';
  return kind === 'system' ? 'root' : 'www-data';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface UnitSeedState {
  nextPid: number;
}

/** Builds the running processes of a unit, as they are when the agent first reports. */
export function initialProcesses(unit: Pick<ServiceUnit, 'id' | 'operatingSystem'>, now: number): Omit<ProcessRow, 'id'>[] {
  const random = createRandom(hashString(`proc:${unit.id}`));
  const person = PEOPLE[Math.floor(random() * PEOPLE.length)] ?? 'user';
  const state: UnitSeedState = { nextPid: 300 + Math.floor(random() * 500) };
  const rows: Omit<ProcessRow, 'id'>[] = [];
  for (const entry of CATALOG[unit.operatingSystem] ?? CATALOG.linux) {
    const copies = entry.name === 'svchost.exe' ? 3 + Math.floor(random() * 4) : 1;
    if (entry.chance > 0 && random() > entry.chance) continue;
    for (let i = 0; i < copies; i += 1) {
      rows.push(newProcess(unit, entry, person, state, random, now - Math.floor(random() * 3 * 86_400_000)));
    }
  }
  return rows;
}

function newProcess(
  unit: Pick<ServiceUnit, 'id' | 'operatingSystem'>,
  entry: CatalogEntry,
  person: string,
  state: UnitSeedState,
  random: () => number,
  startedAt: number,
): Omit<ProcessRow, 'id'> {
  state.nextPid += 4 + Math.floor(random() * 400);
  return {
    serviceUnitId: String(unit.id),
    name: entry.name,
    pid: state.nextPid,
    user: accountFor(unit.operatingSystem, entry.user, person),
    cpuPercent: round1(entry.cpu * (0.5 + random())),
    memoryMb: round1(entry.memoryMb * (0.8 + random() * 0.4)),
    startedAt: new Date(startedAt).toISOString(),
    state: 'running',
    endedAt: null,
    endedReason: null,
  };
}

const processes = (db: MirageDb) => table<ProcessRow>(db, 'processes');
const rules = (db: MirageDb) => table<ProcessRuleRow>(db, 'processRules');
const units = unitsTable;

/** The processes answered from the rows in memory (the embedded backend). */
export function memoryProcesses(db: MirageDb): ProcessRepository {
  return {
    get: (id) => Promise.resolve(processes(db).find(id)),
    running: (unitId) => Promise.resolve(processes(db).where({ serviceUnitId: unitId, state: 'running' })),
    insert(rows) {
      processes(db).insertMany([...rows]);
      return Promise.resolve();
    },
    put(rows) {
      for (const { id, ...rest } of rows) processes(db).update(id, rest);
      return Promise.resolve();
    },
    removeOfUnit(unitId) {
      for (const row of processes(db).where((p) => String(p.serviceUnitId) === unitId)) processes(db).remove(row.id);
      return Promise.resolve();
    },
    countEnded(reason, sinceIso, unitIds) {
      const wanted = unitIds === 'all' ? null : new Set(unitIds);
      let count = 0;
      for (const p of processes(db).rows()) {
        if (p.endedReason === reason && p.endedAt !== null && p.endedAt >= sinceIso && (!wanted || wanted.has(p.serviceUnitId))) count += 1;
      }
      return Promise.resolve(count);
    },
    pruneExitedBefore(beforeIso) {
      const gone = processes(db)
        .rows()
        .filter((p) => p.state === 'ended' && p.endedReason === 'exit' && (p.endedAt ?? '') < beforeIso);
      for (const p of gone) processes(db).remove(p.id);
      return Promise.resolve();
    },
  };
}

/** The processes in memory (the embedded backend's). */
export const processStore = (db: MirageDb): ProcessRepository => memoryProcesses(db);

/** The process rules answered from the rows in memory (the embedded backend). */
export function memoryProcessRules(db: MirageDb): ProcessRuleRepository {
  return {
    get: (id) => Promise.resolve(rules(db).find(id)),
    ofUnit: (unitId) => Promise.resolve(rules(db).where((r) => String(r.serviceUnitId) === unitId)),
    ofUnits(unitIds) {
      const wanted = new Set(unitIds);
      const found = new Map<string, Readonly<ProcessRuleRow>[]>();
      for (const r of rules(db).rows()) {
        const unitId = String(r.serviceUnitId);
        if (wanted.has(unitId)) found.set(unitId, [...(found.get(unitId) ?? []), r]);
      }
      return Promise.resolve(found);
    },
    insert: (rule) => Promise.resolve(rules(db).insert(rule)),
    update: (id, patch) => Promise.resolve(rules(db).update(id, patch)),
    remove(id) {
      rules(db).remove(id);
      return Promise.resolve();
    },
    removeOfUnit(unitId) {
      for (const row of rules(db).where((r) => String(r.serviceUnitId) === unitId)) rules(db).remove(row.id);
      return Promise.resolve();
    },
  };
}

/** The process rules in memory (the embedded backend's). */
export const processRuleStore = (db: MirageDb): ProcessRuleRepository => memoryProcessRules(db);

function seed(db: MirageDb, ctx: MirageContext): void {
  const now = ctx.now();
  // The rows themselves, read only (all() would copy 10,000 units at the large seed).
  const all = units(db).rows();
  // The large seed gets processes for a few units and those with a simulated agent (which reports them).
  const simulated = (unit: Readonly<ServiceUnitRow>) => unit.agent?.kind === 'simulated';
  const eager = ctx.seed === 'large' ? all.filter((unit, i) => i < 200 || simulated(unit)) : all;
  const random = createRandom(20_260_101);
  const ruleRows: Omit<ProcessRuleRow, 'id'>[] = [];
  const processRows: Omit<ProcessRow, 'id'>[] = [];
  eager.forEach((unit, index) => {
    const unitId = String(unit.id);
    const created = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const os = unit.operatingSystem;
    const game = os === 'windows' ? 'steam.exe' : os === 'macos' ? 'Steam' : 'transmission-gtk';
    if (index % 3 === 0) {
      ruleRows.push({
        serviceUnitId: unitId,
        pattern: os === 'windows' ? '*torrent*' : 'transmission*',
        action: 'block',
        enabled: true,
        comment: 'File sharing is not allowed',
        createdAt: created(20),
      });
      ruleRows.push({
        serviceUnitId: unitId,
        pattern: game,
        action: 'block',
        enabled: index % 2 === 0,
        comment: 'Games during working hours',
        createdAt: created(12),
      });
    }
    if (index % 4 === 0) {
      ruleRows.push({
        serviceUnitId: unitId,
        pattern: os === 'windows' ? 'Code.exe' : 'code',
        action: 'allow',
        enabled: true,
        comment: 'Developer tools',
        createdAt: created(8),
      });
    }
    processRows.push(...initialProcesses(unit, now));
    // A few processes a rule ended earlier today, for the dashboard's "blocked today".
    if (index % 3 === 0 && random() < 0.6) {
      const at = now - Math.floor(random() * Math.min(now % 86_400_000, 6 * 3_600_000));
      processRows.push({
        serviceUnitId: unitId,
        name: game,
        pid: 9000 + index,
        user: 'user',
        cpuPercent: 0,
        memoryMb: 200,
        startedAt: new Date(at - 60_000).toISOString(),
        state: 'ended',
        endedAt: new Date(at).toISOString(),
        endedReason: 'rule',
      });
    }
  });
  // What a block rule matches is not running: the unit's agent ended it before its first report.
  const rulesOf = new Map<string, Omit<ProcessRuleRow, 'id'>[]>();
  for (const r of ruleRows) rulesOf.set(r.serviceUnitId, [...(rulesOf.get(r.serviceUnitId) ?? []), r]);
  const at = new Date(now).toISOString();
  for (const [i, p] of processRows.entries()) {
    if (p.state === 'running' && blockingRule(rulesOf.get(p.serviceUnitId) ?? [], p.name))
      processRows[i] = { ...p, state: 'ended', endedAt: at, endedReason: 'rule', cpuPercent: 0 };
  }
  insertSeedRows<ProcessRuleRow>(db, 'processRules', ruleRows);
  insertSeedRows<ProcessRow>(db, 'processes', processRows);
}

export const processesDomain: MirageDomain = {
  name: 'processes',
  seedLater: seed,
  // A unit's processes and process rules are the API app's (api/routes/processes.ts, api/routes/process-rules.ts).
  routes() {},
};
