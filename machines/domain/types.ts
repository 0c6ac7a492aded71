/**
 * The product's domain, shared by machines, views and (type-only) the Mirage backend.
 * Documented with its endpoints in docs/domain.md.
 */
export type Id = string;

export type OperatingSystem = 'windows' | 'macos' | 'linux';
export type UnitStatus = 'online' | 'offline' | 'maintenance';

export interface ServiceUnit {
  id: Id;
  organizationId: Id;
  name: string;
  hostname: string;
  ipAddress: string;
  operatingSystem: OperatingSystem;
  agentVersion: string;
  location: string;
  description: string;
  tags: string[];
  /** ISO date-time */
  lastSeenAt: string;
  maintenance: boolean;
  /** 0 = off, 1–1440 */
  screenshotIntervalMinutes: number;
  createdAt: string;
  updatedAt: string;
}

export type ProcessState = 'running' | 'ended';

export interface UnitProcess {
  id: Id;
  serviceUnitId: Id;
  name: string;
  pid: number;
  user: string;
  cpuPercent: number;
  memoryMb: number;
  startedAt: string;
  state: ProcessState;
}

export type RuleAction = 'allow' | 'block';

export interface ProcessRule {
  id: Id;
  serviceUnitId: Id;
  /** executable name, exact or with `*` */
  pattern: string;
  action: RuleAction;
  enabled: boolean;
  comment: string;
  createdAt: string;
}

export interface Screenshot {
  id: Id;
  serviceUnitId: Id;
  capturedAt: string;
  width: number;
  height: number;
  activeWindowTitle: string;
  processName: string;
  flagged: boolean;
  note: string;
}

export type UrlMatchType = 'domain' | 'exact' | 'wildcard' | 'regex';
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type UrlRuleScope = { kind: 'all' } | { kind: 'units'; unitIds: Id[] };
export type UrlRuleSchedule = { kind: 'always' } | { kind: 'window'; days: Weekday[]; /** HH:mm */ from: string; /** HH:mm */ to: string };

export interface UrlRestriction {
  id: Id;
  organizationId: Id;
  scope: UrlRuleScope;
  pattern: string;
  matchType: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  schedule: UrlRuleSchedule;
  reason: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** A page of a server-side list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
