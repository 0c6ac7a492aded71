import { inputStatus } from '../../api/http';
import type { ErrorBody } from '../../core/error-shape';
import { CHECK_VIOLATION, databaseError, FOREIGN_KEY_VIOLATION, NOT_NULL_VIOLATION, UNIQUE_VIOLATION } from './sql';

/**
 * A constraint of the schema refusing a write is answered in the one error shape, as the rules would have
 * answered it (they check first; a constraint refuses only what they missed, or what a race let through):
 * never a 500 or a 503, which would say the database failed.
 *
 * - UNIQUE: the field's 409 (`duplicateName`, …) by the constraint's name, as the rules answer it.
 * - CHECK: 422, the field `invalid` where the constraint's name tells it (`<table>_<column>_check`), else the code `invalid`.
 * - NOT NULL: 422, the column's field `required`.
 * - FOREIGN KEY: 409 `referenceGone`, the field `notFound` where PostgreSQL's detail names the column (the record
 *   referred to is gone); 409 `stillReferenced` for a delete of a record others still refer to.
 */

/** The unique constraints of the schema (server/migrations) by name, as the field errors that refuse a value. */
const UNIQUE_FIELDS: Readonly<Record<string, Record<string, string>>> = {
  service_units_name_unique: { name: 'duplicateName' },
  organizations_code_unique: { code: 'duplicateCode' },
  users_username_unique: { username: 'duplicateUsername' },
  users_email_unique: { email: 'duplicateEmail' },
  url_rules_duplicate_unique: { pattern: 'duplicateRule' },
  process_rules_pattern_unique: { pattern: 'duplicate' },
};

export interface ConstraintRefusal {
  status: 409 | 422;
  body: ErrorBody;
}

/** `screenshot_interval_minutes` → `screenshotIntervalMinutes`: the API's name of a column. */
const fieldOf = (column: string): string => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The column a CHECK constraint's name tells (`service_units_operating_system_check` on service_units), or null. */
function checkedColumn(constraint: string | null, table: string | null): string | null {
  if (!constraint || !table || !constraint.startsWith(`${table}_`) || !constraint.endsWith('_check')) return null;
  const column = constraint.slice(table.length + 1, -'_check'.length);
  return /^[a-z][a-z0-9_]*$/.test(column) ? column : null;
}

/** The first column of a foreign key's detail: `Key (organization_id)=(7) is not present in table "organizations".` */
function referringColumn(detail: string | null): string | null {
  const columns = detail?.match(/\(([a-z_][a-z0-9_, ]*)\)=\(/)?.[1];
  return columns?.split(',')[0]?.trim() ?? null;
}

/** The field's error where the field is known, else the refusal's code alone. */
const refusing = (field: string | null, fieldCode: string, code: string): Pick<ErrorBody, 'errors' | 'code'> =>
  field ? { errors: { [field]: fieldCode } } : { code };

/** The answer to a write a constraint refused, or null when `error` is no constraint's refusal. */
export function constraintRefusal(error: unknown): ConstraintRefusal | null {
  const refused = databaseError(error);
  if (!refused) return null;
  switch (refused.code) {
    case UNIQUE_VIOLATION: {
      const errors = refused.constraint ? UNIQUE_FIELDS[refused.constraint] : undefined;
      if (!errors) return { status: 409, body: { message: 'Validation failed', code: 'duplicate' } };
      // 409 for a value another record has, 422 for one the rules call invalid (a process rule's `duplicate`), as the rules answer.
      return { status: inputStatus(errors), body: { message: 'Validation failed', errors } };
    }
    case CHECK_VIOLATION: {
      const column = checkedColumn(refused.constraint, refused.table);
      return { status: 422, body: { message: 'Validation failed', ...refusing(column && fieldOf(column), 'invalid', 'invalid') } };
    }
    case NOT_NULL_VIOLATION:
      return {
        status: 422,
        body: { message: 'Validation failed', ...refusing(refused.column && fieldOf(refused.column), 'required', 'invalid') },
      };
    case FOREIGN_KEY_VIOLATION: {
      // A delete of a record others still refer to (no cascade), or a write referring to one that is gone.
      if (refused.detail?.includes('still referenced'))
        return { status: 409, body: { message: 'The record is still referred to by others.', code: 'stillReferenced' } };
      const column = referringColumn(refused.detail);
      const errors = column ? { errors: { [fieldOf(column)]: 'notFound' } } : {};
      return { status: 409, body: { message: 'A record this change refers to no longer exists.', code: 'referenceGone', ...errors } };
    }
    default:
      return null;
  }
}
