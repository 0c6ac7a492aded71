import type { Screenshot, ServiceUnit, UnitProcess, UrlRestriction } from '../domain/types';
import type { Email } from '../email/types';
import type { ListRow } from '../list/list.machine';
import type { PredictionReport, UnitPrediction } from '../prediction/types';
import type { ProfileRecord } from '../profile/types';
import type { SessionUser } from '../session/stored-session';
import type { Task } from '../todo/types';

/**
 * Fixtures for each domain type: a valid, plain value with readable defaults, and `over` to change
 * only what a test is about. Every call returns a fresh object (no test changes another's fixture).
 */

const AT = '2026-11-20T10:00:00.000Z';

export const aUnit = (over: Partial<ServiceUnit> = {}): ServiceUnit => ({
  id: 'unit-1',
  organizationId: 'org-1',
  name: 'Front desk PC',
  hostname: 'front-desk-01',
  ipAddress: '10.0.0.11',
  operatingSystem: 'windows',
  agentVersion: '4.2.0',
  location: 'Lisbon',
  description: '',
  tags: ['reception'],
  lastSeenAt: AT,
  maintenance: false,
  screenshotIntervalMinutes: 15,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

export const aProcess = (over: Partial<UnitProcess> = {}): UnitProcess => ({
  id: 'proc-42',
  serviceUnitId: 'unit-1',
  name: 'nginx',
  pid: 42,
  user: 'root',
  cpuPercent: 1.5,
  memoryMb: 100,
  startedAt: AT,
  state: 'running',
  ...over,
});

export const aScreenshot = (over: Partial<Screenshot> = {}): Screenshot => ({
  id: 'shot-1',
  serviceUnitId: 'unit-1',
  capturedAt: AT,
  width: 1280,
  height: 800,
  activeWindowTitle: 'Inbox',
  processName: 'outlook.exe',
  flagged: false,
  note: '',
  ...over,
});

export const aUrlRule = (over: Partial<UrlRestriction> = {}): UrlRestriction => ({
  id: 'rule-1',
  organizationId: 'org-1',
  scope: { kind: 'all' },
  pattern: 'example.com',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: 'Not for work',
  createdAt: AT,
  updatedAt: AT,
  updatedBy: 'admin@acme.example',
  ...over,
});

export const aTask = (over: Partial<Task> = {}): Task => ({
  id: 7,
  title: 'Renew the certificate',
  desc: '<p>Before Friday</p>',
  tags: [],
  isImportant: false,
  isStarred: false,
  isCompleted: false,
  isTrashed: false,
  ...over,
});

export const anEmail = (over: Partial<Email> = {}): Email => ({
  id: 7,
  sender: 'maya.chen@northwind.example',
  sender_name: 'Maya Chen',
  to: ['user@acme.example'],
  cc: [],
  bcc: [],
  img: '',
  subject: 'Quarterly review',
  message: '<p>Hi</p>',
  attachments: [],
  isStarred: false,
  labels: ['company'],
  time: AT,
  replies: [],
  mailFolder: 'inbox',
  unread: true,
  ...over,
});

/** An organization as a list/CRUD screen row (the full API type lives in src/; machines only need rows). */
export interface OrganizationRowFixture extends ListRow {
  name: string;
  code: string;
  status: 'active' | 'suspended' | 'archived';
}

export const anOrganization = (over: Partial<OrganizationRowFixture> = {}): OrganizationRowFixture => ({
  id: 'org-1',
  name: 'Acme',
  code: 'ACME',
  status: 'active',
  ...over,
});

/** A user as a list/CRUD screen row. */
export interface UserRowFixture extends ListRow {
  email: string;
  displayName: string;
  roleId: 1 | 2 | 3 | 4;
  organizationId: string;
  disabled: boolean;
}

export const aUser = (over: Partial<UserRowFixture> = {}): UserRowFixture => ({
  id: 'user-1',
  email: 'ada@acme.example',
  displayName: 'Ada Lovelace',
  roleId: 3,
  organizationId: 'org-1',
  disabled: false,
  ...over,
});

export const aUnitPrediction = (over: Partial<UnitPrediction> = {}): UnitPrediction => ({
  serviceUnitId: 'unit-1',
  unitName: 'Front desk PC',
  hostname: 'front-desk-01',
  organizationId: 'org-1',
  organizationName: 'Acme',
  riskScore: 0.42,
  band: 'medium',
  predictedDowntimeHours: 3,
  daysUntilDiskFull: null,
  factors: [],
  trend: 0,
  recommendedAction: 'noAction',
  historyDays: 30,
  ...over,
});

export const aReport = (over: Partial<PredictionReport> = {}): PredictionReport => {
  const unit = aUnitPrediction();
  return {
    generatedAt: AT,
    horizonDays: 30,
    summary: {
      low: 0,
      medium: 1,
      high: 0,
      insufficient: 0,
      units: 1,
      averageRisk: 0.42,
      predictedDowntimeHours: 3,
      diskFullWithinHorizon: 0,
    },
    byOrganization: [{ organizationId: 'org-1', organizationName: 'Acme', low: 0, medium: 1, high: 0, insufficient: 0 }],
    top: [unit],
    items: [unit],
    total: 1,
    page: 1,
    pageSize: 25,
    ...over,
  };
};

export const aProfile = (over: Partial<ProfileRecord> = {}): ProfileRecord => ({
  uid: 'user-1',
  username: 'ada',
  email: 'ada@acme.example',
  displayName: 'Ada Lovelace',
  about: '',
  phoneNumber: '',
  photoURL: '',
  roleId: 3,
  organizationName: 'Acme',
  ...over,
});

export const aSessionUser = (over: Partial<SessionUser> = {}): SessionUser => ({
  uid: 'user-1',
  displayName: 'Ada Lovelace',
  about: '',
  photoURL: '',
  status: 'online',
  userRole: 'user',
  email: 'ada@acme.example',
  providerId: 'password',
  ...over,
});
