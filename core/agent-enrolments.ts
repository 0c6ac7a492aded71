import { randomBase64Url } from './tokens';

/**
 * The agents' enrolment tokens (docs/domain.md, "Agents"): stored only as their SHA-256, usable once within
 * their lifetime, behind one async repository. The embedded backend's is the rows in memory
 * (mirage/domains/agents.ts); the server's is PostgreSQL (server/db/agent-enrolments.ts).
 */

export interface EnrolmentRecord {
  id: string | number;
  tokenHash: string;
  organizationId: string;
  expiresAt: string;
  createdBy: string;
  createdAt: string;
  usedAt: string | null;
  unitId: string | null;
}

export type NewEnrolment = Omit<EnrolmentRecord, 'id'>;

/** An enrolment token enrols one agent within a day. */
export const ENROLMENT_TTL_MS = 24 * 3_600_000;

/** A new enrolment token, `sua_enrol_` and 43 base64url characters (shown once; stored as its secretHash). */
export const newEnrolmentToken = (): string => `sua_enrol_${randomBase64Url(32)}`;

/** Whether an enrolment may still enrol an agent at `now`: unused and not expired. */
export const isEnrolmentUsable = (enrolment: Readonly<EnrolmentRecord>, now: number): boolean =>
  enrolment.usedAt === null && Date.parse(enrolment.expiresAt) > now;

export interface EnrolmentRepository {
  insert(enrolment: NewEnrolment): Promise<Readonly<EnrolmentRecord>>;
  /**
   * Marks the token's enrolment used at `usedAt` when it is usable at `now` (isEnrolmentUsable), in one
   * step, so a token enrols one agent however many present it together. Answers the enrolment as it was
   * claimed, or undefined (unknown, used or expired).
   */
  claim(tokenHash: string, now: number, usedAt: string): Promise<Readonly<EnrolmentRecord> | undefined>;
  /** Records the unit an enrolment made. */
  setUnit(id: string, unitId: string): Promise<void>;
}
