import type { FieldErrors } from '@machines/editor/editor.machine';
import { readOrganizationInput } from '../../../core/organization-input';
import type { OrganizationFormValues } from './api/types';

/** Text limits for the form's counters: the backend's (core/organization-input.ts). */
export { ORGANIZATION_TEXT_RULES } from '../../../core/organization-input';

/**
 * Field → error code (nested fields as `screenshotPolicy.intervalMinutes`, like the backend), empty when valid: the
 * backend's own check (core/organization-input.ts). Codes translate as organizations.errors.<code> and text-input.<code>.
 */
export function validateOrganization(values: OrganizationFormValues): FieldErrors {
  return readOrganizationInput(values).errors;
}
