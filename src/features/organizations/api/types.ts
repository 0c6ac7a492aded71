/** An organization as the API answers it (docs/organizations.md). */
export type OrganizationStatus = 'active' | 'suspended' | 'archived';
export const ORGANIZATION_STATUSES: readonly OrganizationStatus[] = ['active', 'suspended', 'archived'];

export interface ScreenshotPolicy {
  enabled: boolean;
  intervalMinutes: number;
  retentionDays: number;
}

export interface OrganizationRow {
  id: string;
  name: string;
  code: string;
  contactEmail: string;
  phone: string;
  address: string;
  timezone: string;
  status: OrganizationStatus;
  statusReason: string;
  seatLimit: number;
  screenshotPolicy: ScreenshotPolicy;
  createdAt: string;
  updatedAt: string;
  unitCount: number;
  userCount: number;
}

export interface OrganizationFormValues {
  name: string;
  code: string;
  contactEmail: string;
  phone: string;
  address: string;
  timezone: string;
  seatLimit: number;
  screenshotPolicy: ScreenshotPolicy;
}

export const EMPTY_ORGANIZATION: OrganizationFormValues = {
  name: '',
  code: '',
  contactEmail: '',
  phone: '',
  address: '',
  timezone: 'UTC',
  seatLimit: 25,
  screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
};

export function toFormValues(row: OrganizationRow): OrganizationFormValues {
  return {
    name: row.name,
    code: row.code,
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    timezone: row.timezone,
    seatLimit: row.seatLimit,
    screenshotPolicy: { ...row.screenshotPolicy },
  };
}

export type StatusAction = 'suspend' | 'activate' | 'archive';

export type { AuditEntry } from '@/components/audit-trail';
