import { hmacBase64Url, randomBase64Url } from './crypto';
import { table, type MirageDb, type Row } from './db';
import { secretHash } from './http';

/**
 * The secrets of the agent API (docs/domain.md, "Agents"): enrolment tokens and unit credentials are random,
 * shown once, and stored only as their SHA-256. A simulated agent's credential is derived from a secret of
 * this database (so the driver, in any tab or server process, can present it without it being stored).
 */

interface AgentSecretRow extends Row {
  simulatedSecret: string;
}

const SECRET_ID = '1';
const secrets = (db: MirageDb) => table<AgentSecretRow>(db, 'agentSecrets');

/** This database's secret for simulated credentials (created on first use, stored like any row). */
export function simulatedSecret(db: MirageDb): string {
  const found = secrets(db).find(SECRET_ID);
  if (found) return found.simulatedSecret;
  return secrets(db).insert({ id: SECRET_ID, simulatedSecret: randomBase64Url(32) }).simulatedSecret;
}

export const unitCredential = (unitId: string | number, secret: string): string => `sua_unit_${String(unitId)}_${secret}`;

/** The credential a simulated agent presents for its unit. */
export function simulatedCredential(db: MirageDb, unitId: string | number): string {
  return unitCredential(unitId, hmacBase64Url(simulatedSecret(db), `unit:${String(unitId)}`));
}

/** A new random credential for an enrolled agent (shown once). */
export const newUnitCredential = (unitId: string | number): string => unitCredential(unitId, randomBase64Url(32));

/** A new enrolment token, `sua_enrol_` and 43 base64url characters (shown once). */
export const newEnrolmentToken = (): string => `sua_enrol_${randomBase64Url(32)}`;

export { secretHash };
