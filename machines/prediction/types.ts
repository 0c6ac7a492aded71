/**
 * The prediction report's domain (GET /api/reports/prediction…), shared by the report machine, the
 * views and (type-only) the embedded backend that computes it. The formula is in docs/prediction.md.
 */

export type RiskBand = 'low' | 'medium' | 'high' | 'insufficient';
export const RISK_BANDS: readonly RiskBand[] = ['high', 'medium', 'low', 'insufficient'];

/** The history signals the model reads; each one can contribute to the risk. */
export type RiskFactor = 'heartbeats' | 'crashes' | 'cpu' | 'memory' | 'disk' | 'captures';

export type RecommendedAction =
  | 'collectData'
  | 'noAction'
  | 'checkConnectivity'
  | 'investigateCrashes'
  | 'reviewWorkload'
  | 'addMemory'
  | 'freeDiskSpace'
  | 'checkCaptureAgent';

export interface FactorShare {
  factor: RiskFactor;
  /** 0–1: this factor's part of the risk above the baseline */
  share: number;
}

export interface UnitPrediction {
  serviceUnitId: string;
  unitName: string;
  hostname: string;
  organizationId: string;
  organizationName: string;
  /** 0–100, null with insufficient data */
  riskScore: number | null;
  band: RiskBand;
  /** expected downtime over the 7-day horizon, hours */
  predictedDowntimeHours: number | null;
  /** null when free disk space is not shrinking (or there is not enough data) */
  daysUntilDiskFull: number | null;
  /** the contributing factors, largest first (at most three) */
  factors: FactorShare[];
  /** risk points against the same computation one week earlier; null without two weeks of history */
  trend: number | null;
  recommendedAction: RecommendedAction;
  /** days of history the prediction is based on (at most 30) */
  historyDays: number;
}

export interface BandCounts {
  low: number;
  medium: number;
  high: number;
  insufficient: number;
}

export interface OrganizationRisk extends BandCounts {
  organizationId: string;
  organizationName: string;
}

export interface PredictionReport {
  generatedAt: string;
  horizonDays: number;
  summary: BandCounts & {
    units: number;
    /** mean risk over units with enough data; null when none has */
    averageRisk: number | null;
    predictedDowntimeHours: number;
    /** units whose disk is predicted full within the horizon */
    diskFullWithinHorizon: number;
  };
  byOrganization: OrganizationRisk[];
  /** the ten highest-risk units */
  top: UnitPrediction[];
  items: UnitPrediction[];
  total: number;
  page: number;
  pageSize: number;
}

export interface DowntimePoint {
  /** YYYY-MM-DD */
  date: string;
  /** hours, null in the future */
  actual: number | null;
  /** the model's expectation for that day, from the history before it; null before 7 days of history */
  predicted: number | null;
  /** the forecast band around the prediction */
  low: number | null;
  high: number | null;
}

export interface UnitPredictionDetail {
  prediction: UnitPrediction;
  series: DowntimePoint[];
  /** every factor's share, including those under the top three */
  contributions: FactorShare[];
}
