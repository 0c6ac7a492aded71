import type { UnitPrediction } from '../prediction/types';

/** The admin dashboard's cards (GET /api/admin/dashboard/…). */

export interface AdminDashboardSummary {
  organizations: number;
  users: { total: number; byRole: Record<1 | 2 | 3 | 4, number> };
  units: { online: number; offline: number; maintenance: number; total: number };
}

export interface OnlineTrendPoint {
  /** YYYY-MM-DD */
  date: string;
  online: number;
  total: number;
}

export interface RecentSignIn {
  userId: string;
  displayName: string;
  username: string;
  roleId: 1 | 2 | 3 | 4;
  organizationName: string;
  /** ISO date-time */
  at: string;
}

export type TopRiskUnit = UnitPrediction;
