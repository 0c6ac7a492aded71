import type { FieldErrors } from '@machines/editor/editor.machine';
import { readUnitInput } from '../../../core/unit-input';
import type { UnitFormValues } from './api/types';

/** Text limits for the form's counters: the backend's (core/unit-input.ts). */
export { UNIT_TEXT_RULES } from '../../../core/unit-input';

/**
 * Field → error code, empty when valid: the backend's own check (core/unit-input.ts), so the form refuses exactly what
 * the backend would. Codes translate as service-units.errors.<code> and text-input.<code>.
 */
export function validateUnit(values: UnitFormValues): FieldErrors {
  return readUnitInput(values).errors;
}
