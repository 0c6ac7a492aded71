import { useTranslation } from 'react-i18next';
import { textLength } from './text-rules';

/** Codes of the shared text rule (src/lib/text-rules.ts), translated as text-input.<code> with the field's label. */
export const TEXT_CODES: ReadonlySet<string> = new Set(['tooLong', 'controlCharacter', 'bidiControl', 'invisible']);

export interface FieldInfo {
  /** The field's visible label, so the message says which field. */
  label: string;
  /** Its character limit, so "too long" states it. */
  max?: number;
  /** How a value shows where the form lists it (a conflict's table): a role's name rather than its number. */
  show?: (value: unknown) => string;
}

/**
 * Translates a field's error code from the schema or the server: the shared text-rule codes name the
 * field, the limit and the current length; other codes come from the feature's `<namespace>.errors.*`;
 * unknown text (an older server's sentence) is shown as it is.
 */
export function useFieldErrorText(namespace: string, group = 'errors') {
  const { t, i18n } = useTranslation();
  return (code: string | undefined, field: FieldInfo): string | undefined => {
    if (!code) return undefined;
    if (TEXT_CODES.has(code) && (code !== 'tooLong' || field.max !== undefined)) {
      return t(`text-input.${code}`, { field: field.label, max: field.max });
    }
    const own = `${namespace}.${group}.${code}`;
    if (i18n.exists(own)) return t(own);
    const shared = `text-input.${code}`;
    return i18n.exists(shared) ? t(shared, { field: field.label }) : code;
  };
}

/** "12 / 80": the counter a limited text field shows in its description. */
export function useCharacterCounter() {
  const { t } = useTranslation();
  return (value: string, max: number) => t('text-input.counter', { count: textLength(value), max });
}
