/**
 * The one hostname rule: what a unit's form and the backend accept (core/unit-input.ts), and what an agent
 * may report at enrolment and with each heartbeat (core/agent-input.ts), so a unit an agent created can
 * always be edited. It follows what machines report, not only what DNS allows: letters, digits, `-` and
 * `_` (Windows computer names such as DESKTOP_01), any case; dot-separated labels of 1 to 63 characters
 * that neither start nor end with `-`; at most 253 characters in all.
 */

export const HOSTNAME_MAX_LENGTH = 253;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

export function isHostname(value: string): boolean {
  return value.length > 0 && value.length <= HOSTNAME_MAX_LENGTH && value.split('.').every((label) => LABEL.test(label));
}
