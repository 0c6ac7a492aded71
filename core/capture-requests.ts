/**
 * The requests to capture a unit's screen behind one async repository: a person's request, the agent's
 * delivery or failure, a revocation, a screen that follows its request, and pruning read and write them
 * through it. The embedded backend's is the rows in memory (mirage/domains/screenshots.ts); the server's is
 * PostgreSQL (server/db/capture-requests.ts), so no server process holds them in memory.
 */

export interface CaptureRequestRecord {
  id: string | number;
  serviceUnitId: string;
  /** The captureScreenshot command the agent answers (null: none was sent, e.g. the unit was offline). */
  commandId?: string | null;
  organizationId: string;
  /** Epoch milliseconds. */
  requestedAt: number;
  status: 'pending' | 'delivered' | 'failed';
  screenshotId: string | null;
  failureReason: string | null;
}

export type NewCaptureRequest = Omit<CaptureRequestRecord, 'id'>;
export type CaptureRequestPatch = Partial<Pick<CaptureRequestRecord, 'commandId' | 'status' | 'screenshotId' | 'failureReason'>>;

export interface CaptureRequestRepository {
  get(id: string): Promise<Readonly<CaptureRequestRecord> | undefined>;
  insert(request: NewCaptureRequest): Promise<Readonly<CaptureRequestRecord>>;
  /** Changes a stored request; answers it as stored. */
  update(id: string, patch: CaptureRequestPatch): Promise<Readonly<CaptureRequestRecord>>;
  /** Removes the requests made before this instant (epoch ms); answers how many. */
  removeRequestedBefore(before: number): Promise<number>;
}
