import type { DailyHistory } from './model';
import { createRandom, hashString } from '../random';

/**
 * The seed's 30 days of per-unit history, generated instead of stored: each day's values are a
 * deterministic function of the unit's id and the day's number, so the history moves with the clock,
 * costs no storage (10,000 units would be 300,000 rows) and is the same in every tab and test.
 * A unit created less than 7 days ago has less history; one that went offline is offline in it.
 */

export interface HistoryUnit {
  id: string | number;
  createdAt: string;
  lastSeenAt: string;
  maintenance: boolean;
  agentAlive?: boolean;
}

export type HealthProfile = 'healthy' | 'flaky' | 'crashing' | 'diskFilling' | 'overloaded';

export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;
/** A degrading unit's trouble grows over this many days, then it is fixed and starts over. */
const CYCLE_DAYS = 40;

export function profileOf(unitId: string | number): HealthProfile {
  const roll = hashString(String(unitId)) % 100;
  if (roll < 58) return 'healthy';
  if (roll < 70) return 'flaky';
  if (roll < 80) return 'crashing';
  if (roll < 90) return 'diskFilling';
  return 'overloaded';
}

/** YYYY-MM-DD of a UTC day number (days since 1970-01-01); remembered, as every unit's history names the same days. */
const dates = new Map<number, string>();
export function dateOfDay(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size > 1_000) dates.clear();
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dates.set(day, date);
  }
  return date;
}
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

export interface UnitHistory {
  /** YYYY-MM-DD of each day, oldest first; the last is today */
  dates: string[];
  history: DailyHistory;
}

/** The unit's history up to and including today (at most 30 days, fewer for a young unit). */
export function historyOf(unit: HistoryUnit, now: number): UnitHistory {
  const h = hashString(String(unit.id));
  const profile = profileOf(unit.id);
  const today = dayOf(now);
  const created = dayOf(Date.parse(unit.createdAt));
  const first = Math.max(today - HISTORY_DAYS + 1, Number.isFinite(created) ? created : today);
  const lastSeenDay = dayOf(Date.parse(unit.lastSeenAt));
  const offline = !unit.maintenance && unit.agentAlive === false && Number.isFinite(lastSeenDay);
  const diskTotalGb = [128, 256, 512][h % 3] ?? 256;
  const diskBase = diskTotalGb * (0.3 + ((h >>> 4) % 40) / 100);
  const history: DailyHistory = {
    missedHeartbeats: [],
    processCrashes: [],
    cpuSaturationMinutes: [],
    memorySaturationMinutes: [],
    freeDiskGb: [],
    failedCaptures: [],
    downtimeHours: [],
    diskTotalGb,
  };
  const dates: string[] = [];
  for (let day = first; day <= today; day += 1) {
    const rand = createRandom(h ^ Math.imul(day, 0x9e3779b1));
    const phase = (day + (h % CYCLE_DAYS)) % CYCLE_DAYS;
    const intensity = profile === 'healthy' ? 0 : 0.15 + 0.85 * (phase / (CYCLE_DAYS - 1));
    let missed = Math.floor(rand() * 3);
    let crashes = rand() < 0.08 ? 1 : 0;
    let cpu = Math.floor(rand() * 15);
    let memory = Math.floor(rand() * 10);
    let free = diskBase + (rand() - 0.5) * diskTotalGb * 0.01;
    if (profile === 'flaky') missed += Math.floor(intensity * (20 + rand() * 90));
    if (profile === 'crashing') crashes += Math.floor(intensity * (2 + rand() * 9));
    if (profile === 'overloaded') {
      cpu += Math.floor(intensity * (60 + rand() * 220));
      memory += Math.floor(intensity * (40 + rand() * 200));
    }
    if (profile === 'diskFilling') free = Math.max(diskTotalGb * 0.01, diskBase - diskTotalGb * 0.011 * phase);
    if (offline && day > lastSeenDay) missed = 288;
    else if (offline && day === lastSeenDay) missed = Math.max(missed, 144);
    const diskFull = free / diskTotalGb < 0.05;
    const captures = (diskFull ? 6 + Math.floor(rand() * 10) : 0) + (rand() < 0.05 ? 1 : 0);
    const downtime = Math.min(24, (missed * 5) / 60 + crashes * 0.15 + (diskFull ? 1 : 0));
    history.missedHeartbeats.push(missed);
    history.processCrashes.push(crashes);
    history.cpuSaturationMinutes.push(Math.min(1440, cpu));
    history.memorySaturationMinutes.push(Math.min(1440, memory));
    history.freeDiskGb.push(Math.round(free * 10) / 10);
    history.failedCaptures.push(captures);
    history.downtimeHours.push(Math.round(downtime * 100) / 100);
    dates.push(dateOfDay(day));
  }
  return { dates, history };
}
