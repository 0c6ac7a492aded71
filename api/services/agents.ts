import { ENROLMENT_TTL_MS, newEnrolmentToken } from '../../core/agent-enrolments';
import type { CommandRecord } from '../../core/commands';
import { sha256Hex } from '../../core/tokens';
import { access, createRefusal } from '../access';
import type { Account, ApiEnv } from '../env';
import { json, problem } from '../http';
import { idempotent } from '../idempotency';
import { announceCommandFinished, commandView, storeCommandResult } from './commands';
import { announceUnit, toView, unitFor } from './units';

/**
 * What people do with a unit's agent (docs/domain.md, "Agents"): an enrolment token for a new agent, the
 * revocation of an enrolled one, and a command's state. The agent API itself (enrol, heartbeat, reports,
 * commands) is the embedded backend's routes: the server's hottest path, kept off the app's copies.
 */

/** `POST /api/agent-enrolments`: a one-time token (shown once, stored as its hash) for the caller's organization. */
export function createEnrolment(env: ApiEnv, caller: Account, request: Request, text: string): Promise<Response> {
  const refused = createRefusal(caller, 'serviceUnit');
  if (refused) return Promise.resolve(refused);
  return idempotent(env.idempotency, request, text, caller.id, env.now(), async () => {
    const now = env.now();
    const token = newEnrolmentToken();
    const expiresAt = new Date(now + ENROLMENT_TTL_MS).toISOString();
    const organizationId = String(caller.organizationId);
    await env.enrolments.insert({
      // The same SHA-256 hex the agent API checks the token against (secretHash).
      tokenHash: await sha256Hex(token),
      organizationId,
      expiresAt,
      createdBy: String(caller.id),
      createdAt: new Date(now).toISOString(),
      usedAt: null,
      unitId: null,
    });
    return json(201, { token, expiresAt, organizationId });
  });
}

/** A command that ends without its agent (revoked): its result, audit entry and live event; its capture fails. */
async function failCommand(env: ApiEnv, now: number, row: Readonly<CommandRecord>, message: string): Promise<void> {
  const finished: CommandRecord = { ...row, status: 'failed', message, finishedAt: new Date(now).toISOString() };
  await storeCommandResult(env, now, row, finished);
  if (finished.captureRequestId) {
    const capture = await env.captureRequests.get(finished.captureRequestId);
    if (capture?.status === 'pending')
      await env.captureRequests.update(String(capture.id), { status: 'failed', failureReason: 'agentRevoked' });
  }
  announceCommandFinished(env, now, finished);
}

/**
 * `DELETE /api/service-units/{id}/agent`: the unit's credential stops working at once; the commands its agent
 * had not answered fail, and a capture waiting for one with them.
 */
export async function revokeUnitAgent(env: ApiEnv, caller: Account, id: string): Promise<Response> {
  const found = await unitFor(env, caller, 'update', id);
  if (!found.ok) return found.response;
  const agent = found.row.agent;
  if (!agent || agent.revokedAt) return problem(409, 'The unit has no active agent', { errors: { agent: 'none' } });
  const now = env.now();
  const updated = await env.units.update(String(found.row.id), { agent: { ...agent, revokedAt: new Date(now).toISOString() } });
  for (const command of await env.commands.unfinishedOf(String(found.row.id)))
    await failCommand(env, now, command, 'The agent was revoked');
  announceUnit(env, now, 'unit.changed', updated);
  return json(200, toView(updated, now));
}

/** `GET /api/commands/{id}`: a command of a unit the caller reads. */
export async function readCommand(env: ApiEnv, caller: Account, id: string): Promise<Response> {
  const found = access(caller, 'read', 'serviceUnit', await env.commands.get(id), 'Command not found');
  return found.ok ? json(200, commandView(found.row)) : found.response;
}
