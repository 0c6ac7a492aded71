import { isEnrolmentUsable, type EnrolmentRecord, type EnrolmentRepository } from '../../core/agent-enrolments';
import { table, type MirageDb, type Row } from '../db';

/**
 * The agents' enrolment tokens in the embedded backend. The agent API (`/api/agent/...`) is the API app's
 * (api/services/agent-api.ts), as is the user API's side of agents (api/services/agents.ts); a real agent
 * (agent/) and the simulated ones (mirage/simulated-agents.ts) call the same operations.
 */

export interface EnrolmentRow extends Row, EnrolmentRecord {}

export const AGENT_ENROLMENTS = 'agentEnrolments';
const enrolments = (db: MirageDb) => table<EnrolmentRow>(db, AGENT_ENROLMENTS);

/** The embedded backend's enrolments: the rows in memory (the server's are PostgreSQL's, server/db/agent-enrolments.ts). */
export function memoryEnrolments(db: MirageDb): EnrolmentRepository {
  return {
    insert: (enrolment) => Promise.resolve(enrolments(db).insert(enrolment)),
    // Synchronous from the check to the mark: nothing else runs in between.
    claim(tokenHash, now, usedAt) {
      const found = enrolments(db).where({ tokenHash })[0];
      if (!found || !isEnrolmentUsable(found, now)) return Promise.resolve(undefined);
      return Promise.resolve(enrolments(db).update(found.id, { usedAt }));
    },
    setUnit(id, unitId) {
      if (enrolments(db).find(id)) enrolments(db).update(id, { unitId });
      return Promise.resolve();
    },
  };
}

export const enrolmentStore = (db: MirageDb): EnrolmentRepository => memoryEnrolments(db);
