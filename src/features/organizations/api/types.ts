import type { ApiSchema } from '@/lib/api';

/** An organization as the API answers it (docs/organizations.md; the contract's `Organization`). */
export type OrganizationStatus = ApiSchema<'OrganizationStatus'>;
export const ORGANIZATION_STATUSES: readonly OrganizationStatus[] = ['active', 'suspended', 'archived'];

export type OrganizationRow = ApiSchema<'Organization'>;

/** The form's values: the contract's `OrganizationInput` with every field filled. */
export type OrganizationFormValues = Required<ApiSchema<'OrganizationInput'>>;

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
