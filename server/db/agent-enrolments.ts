import { isEnrolmentUsable, type EnrolmentRecord, type EnrolmentRepository } from '../../core/agent-enrolments';
import { AGENT_ENROLMENTS } from '../../mirage/domains/agents';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { writer, type WriteBatch } from './unit-of-work';

/**
 * The agents' enrolment tokens in PostgreSQL only: the server's EnrolmentRepository
 * (core/agent-enrolments.ts), found by the token's hash (server/migrations/015_agent_enrolments.sql). A
 * claim reads and marks in the enrolment's unit of work, a serializable transaction, so two agents presenting
 * one token (to one instance or to two) enrol once.
 */

export { AGENT_ENROLMENTS };

export function createSqlEnrolments(_sql: Queryable, writeBatch: WriteBatch): EnrolmentRepository {
  const records = collectionRecords<EnrolmentRecord>(AGENT_ENROLMENTS, writeBatch);
  return {
    insert: (enrolment) => records.putOne({ ...enrolment, id: newRecordId() }),
    async claim(tokenHash, now, usedAt) {
      const { tx } = await writer();
      if (!storable(tokenHash)) return undefined;
      const { rows } = await tx.query<{ data: EnrolmentRecord }>(
        `SELECT data FROM rows WHERE collection = '${AGENT_ENROLMENTS}' AND NOT deleted AND data ->> 'tokenHash' = $1 ORDER BY id COLLATE "C" LIMIT 1`,
        [tokenHash],
      );
      const found = rows[0]?.data;
      if (!found || !isEnrolmentUsable(found, now)) return undefined;
      return records.putOne({ ...found, usedAt });
    },
    async setUnit(id, unitId) {
      const { tx } = await writer();
      const found = await records.get(tx, id);
      if (found) await records.put([{ ...found, unitId }]);
    },
  };
}
