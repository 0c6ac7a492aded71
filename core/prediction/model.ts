import type { FactorShare, RecommendedAction, RiskBand, RiskFactor } from '../../machines/prediction/types';

/**
 * The failure-risk model: one pure function of a unit's daily history. It is the server's
 * computation (the embedded backend calls it; a real backend would run the same formula), documented
 * with its constants in docs/prediction.md. No clock, no randomness: the same history gives the
 * same prediction.
 */

/** One unit's daily history, oldest day first; every array has one value per day. */
export interface DailyHistory {
  /** missed 5-minute heartbeats (288 = offline all day) */
  missedHeartbeats: number[];
  processCrashes: number[];
  /** minutes with CPU above 95 % */
  cpuSaturationMinutes: number[];
  /** minutes with memory above 95 % */
  memorySaturationMinutes: number[];
  freeDiskGb: number[];
  failedCaptures: number[];
  downtimeHours: number[];
  diskTotalGb: number;
}

export const HORIZON_DAYS = 7;
export const MIN_HISTORY_DAYS = 7;
export const BIAS = -2.2;
export const WEIGHTS: Readonly<Record<RiskFactor, number>> = {
  heartbeats: 1.6,
  crashes: 1.2,
  cpu: 0.6,
  memory: 0.8,
  disk: 1.4,
  captures: 0.4,
};
/** What one unit of each normalised feature means: 48 missed heartbeats (4 h) a day, 5 crashes a day, … */
export const SCALES: Readonly<Record<Exclude<RiskFactor, 'disk'>, number>> = {
  heartbeats: 48,
  crashes: 5,
  cpu: 120,
  memory: 120,
  captures: 10,
};
const FEATURE_CAP = 3;
/** A disk predicted full within this many days weighs fully. */
const DISK_PRESSURE_DAYS = 30;
const ACTIONS: Readonly<Record<RiskFactor, RecommendedAction>> = {
  heartbeats: 'checkConnectivity',
  crashes: 'investigateCrashes',
  cpu: 'reviewWorkload',
  memory: 'addMemory',
  disk: 'freeDiskSpace',
  captures: 'checkCaptureAgent',
};

export interface Prediction {
  riskScore: number | null;
  band: RiskBand;
  predictedDowntimeHours: number | null;
  /** the forecast band around the predicted downtime */
  downtimeRange: { low: number; high: number } | null;
  daysUntilDiskFull: number | null;
  /** every factor with a share above zero, largest first */
  contributions: FactorShare[];
  trend: number | null;
  recommendedAction: RecommendedAction;
  historyDays: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export function bandOf(score: number | null): RiskBand {
  if (score === null) return 'insufficient';
  if (score < 30) return 'low';
  if (score < 60) return 'medium';
  return 'high';
}

/** Least-squares slope of values over their index (per day); 0 for fewer than two points. */
export function linearSlope(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const xMean = (n - 1) / 2;
  const yMean = mean(values);
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - xMean) * (y - yMean);
    den += (x - xMean) ** 2;
  });
  return num / den;
}

/** Days until the disk is full from a linear fit of free space, or null when it is not shrinking. */
export function daysUntilDiskFull(freeDiskGb: readonly number[]): number | null {
  if (freeDiskGb.length < 2) return null;
  const slope = linearSlope(freeDiskGb);
  const last = freeDiskGb[freeDiskGb.length - 1] ?? 0;
  if (last <= 0) return 0;
  if (slope >= -0.01) return null;
  const days = last / -slope;
  return days > 365 ? null : round1(days);
}

/** The normalised features of the last `window` days of a history (0 = healthy, 1 = a bad day, capped at 3). */
export function featuresOf(history: DailyHistory, end: number, window = HORIZON_DAYS): Record<RiskFactor, number> {
  const start = Math.max(0, end - window);
  const slice = (values: readonly number[]) => values.slice(start, end);
  const scaled = (values: readonly number[], scale: number) => clamp(mean(slice(values)) / scale, 0, FEATURE_CAP);
  const fullIn = daysUntilDiskFull(history.freeDiskGb.slice(0, end));
  const freeNow = history.freeDiskGb[end - 1] ?? history.diskTotalGb;
  const nearlyFull = history.diskTotalGb > 0 && freeNow / history.diskTotalGb < 0.05 ? 1 : 0;
  const pressure = fullIn === null ? 0 : clamp((DISK_PRESSURE_DAYS - fullIn) / DISK_PRESSURE_DAYS, 0, 1);
  return {
    heartbeats: scaled(history.missedHeartbeats, SCALES.heartbeats),
    crashes: scaled(history.processCrashes, SCALES.crashes),
    cpu: scaled(history.cpuSaturationMinutes, SCALES.cpu),
    memory: scaled(history.memorySaturationMinutes, SCALES.memory),
    disk: Math.max(pressure, nearlyFull),
    captures: scaled(history.failedCaptures, SCALES.captures),
  };
}

/** The logistic risk of a set of features, 0–100, and each factor's weighted contribution. */
export function riskOf(features: Record<RiskFactor, number>): { score: number; contributions: Record<RiskFactor, number> } {
  const contributions = {} as Record<RiskFactor, number>;
  let z = BIAS;
  for (const factor of Object.keys(WEIGHTS) as RiskFactor[]) {
    const c = WEIGHTS[factor] * features[factor];
    contributions[factor] = c;
    z += c;
  }
  return { score: Math.round(100 / (1 + Math.exp(-z))), contributions };
}

function sharesOf(contributions: Record<RiskFactor, number>): FactorShare[] {
  const total = Object.values(contributions).reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  return (Object.entries(contributions) as [RiskFactor, number][])
    .filter(([, c]) => c > 0)
    .map(([factor, c]) => ({ factor, share: Math.round((c / total) * 1000) / 1000 }))
    .sort((a, b) => b.share - a.share || a.factor.localeCompare(b.factor));
}

/** Expected downtime over the horizon: the recent daily mean, scaled up with the risk. */
export function downtimeForecast(history: DailyHistory, end: number, score: number): { hours: number; low: number; high: number } {
  const recent = history.downtimeHours.slice(Math.max(0, end - 14), end);
  const hours = Math.min(24 * HORIZON_DAYS, mean(recent) * HORIZON_DAYS * (0.6 + 0.8 * (score / 100)) + (score / 100) * 2);
  return { hours: round1(hours), low: round1(hours * 0.7), high: round1(Math.min(24 * HORIZON_DAYS, hours * 1.3)) };
}

/** The prediction from the first `end` days of a history (all of it by default). */
export function predict(history: DailyHistory, end = history.downtimeHours.length): Prediction {
  const historyDays = Math.min(end, history.downtimeHours.length);
  if (historyDays < MIN_HISTORY_DAYS) {
    return {
      riskScore: null,
      band: 'insufficient',
      predictedDowntimeHours: null,
      downtimeRange: null,
      daysUntilDiskFull: null,
      contributions: [],
      trend: null,
      recommendedAction: 'collectData',
      historyDays,
    };
  }
  const { score, contributions } = riskOf(featuresOf(history, historyDays));
  const previous = historyDays >= MIN_HISTORY_DAYS * 2 ? riskOf(featuresOf(history, historyDays - HORIZON_DAYS)).score : null;
  const band = bandOf(score);
  const diskFull = daysUntilDiskFull(history.freeDiskGb.slice(0, historyDays));
  const shares = sharesOf(contributions);
  const forecast = downtimeForecast(history, historyDays, score);
  const top = shares[0]?.factor;
  const recommendedAction: RecommendedAction =
    diskFull !== null && diskFull <= HORIZON_DAYS ? 'freeDiskSpace' : band === 'low' || top === undefined ? 'noAction' : ACTIONS[top];
  return {
    riskScore: score,
    band,
    predictedDowntimeHours: forecast.hours,
    downtimeRange: { low: forecast.low, high: forecast.high },
    daysUntilDiskFull: diskFull,
    contributions: shares,
    trend: previous === null ? null : score - previous,
    recommendedAction,
    historyDays,
  };
}
