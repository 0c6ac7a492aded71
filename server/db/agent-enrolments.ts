import { isEnrolmentUsable, type EnrolmentRecord, type EnrolmentRepository } from '../../core/agent-enrolments';
import { AGENT_ENROLMENTS } from '../../mirage/domains/agents';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { writer, writeRows } from './unit-of-work';

/**
 * The agents' enrolment tokens in their own table (server/migrations/039_agent_enrolments.sql): the server's
 * EnrolmentRepository (core/agent-enrolments.ts), found by the token's hash (agent_enrolments_token_unique). A
 * claim reads and marks in the enrolment's unit of work, a serializable transaction, so two agents presenting one
 * token (to one instance or to two) enrol once. A write stores enrolments whole in that transaction.
 */

export { AGENT_ENROLMENTS };

const COLUMNS = `e.id, e.token_hash, e.organization_id, ${isoText('e.expires_at')} AS expires_at, e.created_by,
  ${isoText('e.created_at')} AS created_at, ${isoText('e.used_at')} AS used_at, e.unit_id`;

interface EnrolmentColumns {
  id: string;
  token_hash: string;
  organization_id: string;
  expires_at: string;
  created_by: string;
  created_at: string;
  used_at: string | null;
  unit_id: string | null;
}

const enrolmentOf = (row: EnrolmentColumns): EnrolmentRecord => ({
  id: row.id,
  tokenHash: row.token_hash,
  organizationId: row.organization_id,
  expiresAt: row.expires_at,
  createdBy: row.created_by,
  createdAt: row.created_at,
  usedAt: row.used_at,
  unitId: row.unit_id,
});

const TYPES: Record<string, string> = {
  id: 'text',
  token_hash: 'text',
  organization_id: 'text',
  expires_at: 'timestamptz',
  created_by: 'text',
  created_at: 'timestamptz',
  used_at: 'timestamptz',
  unit_id: 'text',
};

const record = (enrolment: EnrolmentRecord): Record<string, unknown> => ({
  id: String(enrolment.id),
  token_hash: enrolment.tokenHash,
  organization_id: String(enrolment.organizationId),
  expires_at: enrolment.expiresAt,
  created_by: String(enrolment.createdBy),
  created_at: enrolment.createdAt,
  used_at: enrolment.usedAt,
  unit_id: enrolment.unitId === null ? null : String(enrolment.unitId),
});

const UPSERT = upsertStatement('agent_enrolments', 'id', TYPES);

/** Stores enrolments whole and deletes enrolments, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeEnrolments(tx: Queryable, put: readonly EnrolmentRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'agent_enrolments', upsert: UPSERT, record }, put, deleted);
}

export function createSqlEnrolments(): EnrolmentRepository {
  const select = async (db: Queryable, where: string, value: string) =>
    storable(value)
      ? (await db.query<EnrolmentColumns>(`SELECT ${COLUMNS} FROM agent_enrolments e WHERE ${where}`, [value])).rows.map(enrolmentOf)[0]
      : undefined;
  const put = async (enrolment: EnrolmentRecord): Promise<EnrolmentRecord> => {
    await writeRows(AGENT_ENROLMENTS, writeEnrolments, [enrolment]);
    return enrolment;
  };
  return {
    insert: (enrolment) => put({ ...enrolment, id: newRecordId() }),
    async claim(tokenHash, now, usedAt) {
      const { tx } = await writer();
      const found = await select(tx, 'e.token_hash = $1', tokenHash);
      if (!found || !isEnrolmentUsable(found, now)) return undefined;
      return put({ ...found, usedAt });
    },
    async setUnit(id, unitId) {
      const { tx } = await writer();
      const found = await select(tx, 'e.id = $1', id);
      if (found) await put({ ...found, unitId });
    },
  };
}
