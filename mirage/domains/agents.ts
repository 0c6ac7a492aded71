import type { Request, Server } from 'miragejs';
import { isReporting } from '../../machines/service-units/unit-status';
import type { AgentUrlPolicy } from '../../machines/domain/types';
import { blockingRule } from '../../core/process-rules';
import { isEnrolmentUsable, type EnrolmentRecord, type EnrolmentRepository } from '../../core/agent-enrolments';
import {
  firstIpAddress,
  isEnrolmentTokenShape,
  readCommandResult,
  readEnrolRequest,
  readHeartbeat,
  readProcessReport,
  readScreenshotUpload,
  type ReportedSystem,
} from '../../core/agent-input';
import { newUnitCredential, secretHash } from '../agent-credentials';
import { commandFinished, commandStore, commandView, finishCommand, type CommandRow } from '../commands';
import { captureStore, deliverCapture, failCapture } from '../capture-requests';
import { table, type MirageDb, type Row } from '../db';
import { emitEvent } from '../events';
import {
  agentError,
  errorResponse,
  isRecord,
  json,
  parseBody,
  queryParam,
  unsupportedMediaType,
  withAgent,
  type AgentContext,
} from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { emitProcessesChanged, processRuleStore, processStore, type ProcessRow } from './processes';
import { urlRuleStore } from './url-restrictions';
import { emitScreenshotCaptured, makeShot, screenshotStore } from './screenshots';
import { unitStore } from '../unit-store';
import { DEFAULT_HEARTBEAT_S, emitUnitEvent, type ServiceUnitRow } from './service-units';
import { createRandom, hashString } from '../../core/random';
import { hash53 } from '../../core/idempotency';
import { givenRepository } from '../given-repositories';

/**
 * The agent API (docs/api/openapi.yaml, `/api/agent/...`); the user API's side of agents (enrolment tokens,
 * revocation, a command's state) is the API app's (api/services/agents.ts). A real agent (agent/) and the simulated ones (mirage/simulated-agents.ts)
 * call the same endpoints. The credential reaches only these endpoints, and only its own unit (withAgent).
 */

export interface EnrolmentRow extends Row, EnrolmentRecord {}

const MAX_WAIT_S = 30;

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

export const enrolmentStore = (db: MirageDb): EnrolmentRepository =>
  givenRepository<ReturnType<typeof memoryEnrolments>>(db, 'enrolments') ?? memoryEnrolments(db);

const heartbeatOf = (ctx: MirageContext) => ctx.agentHeartbeatS ?? DEFAULT_HEARTBEAT_S;

/** The request's body as JSON: 415 when not declared so, 400 when malformed (the answer), else the value. */
function jsonBody(request: Request): { ok: true; body: unknown } | { ok: false; response: ReturnType<typeof json> } {
  const refused = unsupportedMediaType(request);
  if (refused) return { ok: false, response: refused };
  const body = parseBody(request);
  if (body === undefined) return { ok: false, response: errorResponse(400, 'Malformed request body') };
  return { ok: true, body };
}

/** 403 `otherUnit` when the body names another unit than the credential's. */
function otherUnit(body: unknown, unit: { id: string | number }) {
  const named = isRecord(body) ? body['unitId'] : undefined;
  if (typeof named !== 'string' || named === String(unit.id)) return null;
  return agentError(403, 'otherUnit', `This credential reports for unit ${String(unit.id)} only`);
}

const invalid = (errors: Record<string, string>) => errorResponse(422, 'Validation failed', errors);

/** A name for an enrolled machine: its hostname, made unique in the organization ("host (2)"). */
async function uniqueName(db: MirageDb, organizationId: string, hostname: string): Promise<string> {
  const base = hostname.slice(0, 72);
  // The candidates in batches: the base, then "base (2)" to "base (25)", and so on.
  for (let from = 1; ; from += 25) {
    const candidates = Array.from({ length: 25 }, (_, i) => (from + i === 1 ? base : `${base} (${from + i})`));
    const taken = new Set(
      (
        await unitStore(db).withNames(
          organizationId,
          candidates.map((c) => c.toLowerCase()),
        )
      ).map((u) => u.name.toLowerCase()),
    );
    const free = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (free !== undefined) return free;
  }
}

/** The stored system of an agent (what the API shows of it). */
const systemOf = (system: ReportedSystem) => ({
  hostname: system.hostname,
  osName: system.osName,
  ipAddresses: [...system.ipAddresses],
  uptimeS: system.uptimeS,
  agentVersion: system.agentVersion,
});

/** What a heartbeat changes of the unit's row; `visible`: something a screen shows, besides the time. */
function heartbeatPatch(unit: Readonly<ServiceUnitRow>, system: ReportedSystem, urlPolicy: AgentUrlPolicy | null, now: number) {
  const patch: Partial<ServiceUnitRow> = { lastSeenAt: new Date(now).toISOString() };
  const ip = firstIpAddress(system.ipAddresses);
  if (system.hostname !== unit.hostname) patch.hostname = system.hostname;
  if (ip !== null && ip !== unit.ipAddress) patch.ipAddress = ip;
  if (system.platform !== unit.operatingSystem) patch.operatingSystem = system.platform;
  if (system.agentVersion !== unit.agentVersion) patch.agentVersion = system.agentVersion;
  const before = unit.agent?.system;
  const next = systemOf(system);
  const visible =
    Object.keys(patch).length > 1 ||
    !before ||
    before.osName !== next.osName ||
    before.hostname !== next.hostname ||
    before.agentVersion !== next.agentVersion ||
    before.ipAddresses.join() !== next.ipAddresses.join() ||
    // An agent that sends no URL policy (an older one) keeps the one it last had.
    (urlPolicy !== null && JSON.stringify(urlPolicy) !== JSON.stringify(unit.agent?.urlPolicy ?? null));
  if (unit.agent) patch.agent = { ...unit.agent, system: next, ...(urlPolicy ? { urlPolicy } : {}) };
  return { patch, visible };
}

/** A heartbeat: the unit is seen now; unit.online when it was announced offline, unit.changed when what it shows changed. */
export async function recordHeartbeat(
  db: MirageDb,
  now: number,
  unit: Readonly<ServiceUnitRow>,
  system: ReportedSystem,
  urlPolicy: AgentUrlPolicy | null = null,
): Promise<ServiceUnitRow> {
  const { patch, visible } = heartbeatPatch(unit, system, urlPolicy, now);
  // Only the heartbeat's own fields change, under the unit's lock: whether it comes online is read there.
  const seen = await unitStore(db).recordSeen(String(unit.id), { ...patch, announcedStatus: 'online' });
  if (!seen) return unit;
  const updated = seen.unit;
  const comingOnline = seen.before.announcedStatus !== 'online';
  if (comingOnline && isReporting(updated, now)) emitUnitEvent(db, now, 'unit.online', updated);
  else if (visible) emitUnitEvent(db, now, 'unit.changed', updated);
  return updated;
}

/** Replaces the unit's running processes with a report: gone ones end ('rule' when a block rule matches them, else 'exit'), new ones start. */
export async function recordProcessReport(
  db: MirageDb,
  now: number,
  unit: Readonly<ServiceUnitRow>,
  reported: readonly { pid: number; name: string; user: string; cpuPercent: number; memoryMb: number; startedAt: string | null }[],
): Promise<{ running: number; started: number; ended: number }> {
  const unitId = String(unit.id);
  const at = new Date(now).toISOString();
  const store = processStore(db);
  const running = new Map((await store.running(unitId)).map((p) => [`${p.pid}|${p.name}`, p]));
  const changed: ProcessRow[] = [];
  const added: Omit<ProcessRow, 'id'>[] = [];
  const seen = new Set<string>();
  const round1 = (n: number) => Math.round(n * 10) / 10;
  for (const p of reported) {
    const key = `${p.pid}|${p.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const figures = { cpuPercent: round1(p.cpuPercent), memoryMb: round1(p.memoryMb), user: p.user };
    const existing = running.get(key);
    if (existing) {
      if (existing.cpuPercent !== figures.cpuPercent || existing.memoryMb !== figures.memoryMb || existing.user !== figures.user)
        changed.push({ ...existing, ...figures });
      continue;
    }
    added.push({
      serviceUnitId: unitId,
      name: p.name,
      pid: p.pid,
      ...figures,
      startedAt: p.startedAt ?? at,
      state: 'running',
      endedAt: null,
      endedReason: null,
    });
  }
  let ended = 0;
  // A process gone while a block rule matches it was ended by the agent under the rule (it enforces them,
  // core/process-rules); the backend never ends one itself. The rest quit by themselves.
  const unitRules = await processRuleStore(db).ofUnit(unitId);
  for (const [key, p] of running) {
    if (seen.has(key)) continue;
    const endedReason = blockingRule(unitRules, p.name) ? 'rule' : 'exit';
    changed.push({ ...p, state: 'ended', endedAt: at, endedReason, cpuPercent: 0 });
    ended += 1;
  }
  if (changed.length > 0) await store.put(changed);
  if (added.length > 0) await store.insert(added);
  const started = added.length;
  if (started + ended > 0) emitProcessesChanged(db, now, unit, seen.size);
  return { running: seen.size, started, ended };
}

/** Announces a finished command (command.finished). */
function emitCommandFinished(db: MirageDb, now: number, row: Readonly<CommandRow>): void {
  emitEvent(db, now, {
    type: 'command.finished',
    organizationId: row.organizationId,
    subjectId: row.id,
    unitId: row.serviceUnitId,
    data: { command: commandView(row) },
  });
}

/** What a command's result means: a process ended, a capture settled (or a simulated agent's screenshot taken). */
async function applyResult(db: MirageDb, now: number, unit: Readonly<ServiceUnitRow>, command: Readonly<CommandRow>): Promise<void> {
  if (command.kind === 'endProcess' && command.status === 'succeeded' && command.processId) {
    const store = processStore(db);
    const process = await store.get(command.processId);
    if (process?.state === 'running') {
      await store.put([{ ...process, state: 'ended', endedAt: new Date(now).toISOString(), endedReason: 'user', cpuPercent: 0 }]);
      emitProcessesChanged(db, now, unit, (await store.running(String(unit.id))).length);
    }
  }
  if (command.kind !== 'captureScreenshot' || !command.captureRequestId) return;
  const request = await captureStore(db).get(command.captureRequestId);
  if (request?.status !== 'pending') return;
  if (command.status !== 'succeeded') {
    const status = command.status;
    await failCapture(db, String(request.id), status === 'refused' || status === 'notSupported' ? status : 'failed');
    return;
  }
  if (unit.agent?.kind !== 'simulated') {
    // A real agent uploads the image (with the command's id) before it reports success: none came.
    await failCapture(db, String(request.id), 'failed');
    return;
  }
  // A simulated agent's screenshot is drawn by the app (no image data), as the seeded ones.
  const random = createRandom(hashString(String(command.id)) + now);
  const shot = await screenshotStore(db).insert({ ...makeShot(unit, now, random), flagged: false, note: '' });
  await deliverCapture(db, String(request.id), String(shot.id));
  emitScreenshotCaptured(db, now, shot, command.id, unit.name);
}

function routes(server: Server, ctx: MirageContext): void {
  // --- the agent API --------------------------------------------------------------------------

  server.post('/agent/enrol', async (_schema: unknown, request: Request) => {
    const read = jsonBody(request);
    if (!read.ok) return read.response;
    const input = readEnrolRequest(read.body);
    if (!input.ok) return invalid(input.errors);
    const db = server.db;
    const now = ctx.now();
    const { token, system } = input.value;
    const hash = isEnrolmentTokenShape(token) ? secretHash(token) : null;
    const at = new Date(now).toISOString();
    const enrolment = hash ? await enrolmentStore(db).claim(hash, now, at) : undefined;
    if (!enrolment) return agentError(401, 'enrolmentInvalid', 'The enrolment token is unknown, used or expired');
    const heartbeatIntervalS = heartbeatOf(ctx);
    const organizationId = enrolment.organizationId;
    const unit = await unitStore(db).insert({
      organizationId,
      name: await uniqueName(db, organizationId, system.hostname),
      hostname: system.hostname,
      ipAddress: firstIpAddress(system.ipAddresses) ?? '',
      operatingSystem: system.platform,
      agentVersion: system.agentVersion,
      location: '',
      description: '',
      tags: [],
      lastSeenAt: at,
      maintenance: false,
      screenshotIntervalMinutes: 0,
      createdAt: at,
      updatedAt: at,
      agent: null,
      announcedStatus: 'online',
    });
    const credential = newUnitCredential(unit.id);
    const enrolled = await unitStore(db).update(String(unit.id), {
      agent: {
        kind: 'enrolled',
        enrolledAt: at,
        revokedAt: null,
        heartbeatIntervalS,
        system: systemOf(system),
        credentialHash: secretHash(credential),
      },
    });
    await enrolmentStore(db).setUnit(String(enrolment.id), String(unit.id));
    emitUnitEvent(db, now, 'unit.created', enrolled);
    return json(201, { unitId: String(unit.id), organizationId, credential, heartbeatIntervalS });
  });

  /** An agent write: credential (withAgent, also 415), JSON (400), its own unit (403), then the handler. */
  const agentWrite = (handler: (c: AgentContext & { body: unknown; unit: ServiceUnitRow }) => unknown) =>
    withAgent(server, (c) => {
      const body = parseBody(c.request);
      if (body === undefined) return errorResponse(400, 'Malformed request body');
      return otherUnit(body, c.unit) ?? handler({ ...c, body, unit: c.unit as ServiceUnitRow });
    });

  server.post(
    '/agent/heartbeat',
    agentWrite(async ({ db, body, unit }) => {
      const input = readHeartbeat(body);
      if (!input.ok) return invalid(input.errors);
      const now = ctx.now();
      await recordHeartbeat(db, now, unit, input.value.system, input.value.urlPolicy);
      const pendingCommands = (await commandStore(db).pendingOf(String(unit.id))).length;
      return json(200, {
        receivedAt: new Date(now).toISOString(),
        heartbeatIntervalS: unit.agent?.heartbeatIntervalS ?? heartbeatOf(ctx),
        pendingCommands,
      });
    }),
  );

  server.put(
    '/agent/processes',
    agentWrite(async ({ db, body, unit }) => {
      const input = readProcessReport(body);
      if (!input.ok) return invalid(input.errors);
      return json(200, await recordProcessReport(db, ctx.now(), unit, input.value.processes));
    }),
  );

  server.post(
    '/agent/screenshots',
    agentWrite(async ({ db, body, unit }) => {
      const input = readScreenshotUpload(body);
      if (!input.ok && 'tooLarge' in input) return agentError(413, 'screenshotTooLarge', 'The screenshot is larger than 1048576 bytes');
      if (!input.ok) return invalid(input.errors);
      const upload = input.value;
      const command = upload.commandId ? await commandStore(db).get(upload.commandId) : undefined;
      if (upload.commandId && (command?.serviceUnitId !== String(unit.id) || command.kind !== 'captureScreenshot')) {
        return invalid({ commandId: 'unknown' });
      }
      const now = ctx.now();
      const shot = await screenshotStore(db).insert(
        {
          serviceUnitId: String(unit.id),
          organizationId: String(unit.organizationId),
          capturedAt: upload.capturedAt,
          width: upload.width,
          height: upload.height,
          activeWindowTitle: upload.activeWindowTitle,
          processName: upload.processName,
          flagged: false,
          note: '',
          hasImage: true,
        },
        { contentType: upload.contentType, data: upload.data },
      );
      if (command?.captureRequestId) await deliverCapture(db, command.captureRequestId, String(shot.id));
      emitScreenshotCaptured(db, now, shot, command?.id ?? null, unit.name);
      return json(201, { screenshotId: String(shot.id) });
    }),
  );

  /** The unit's config, with the version the command poll answers too (a digest: any change of a rule changes it). */
  const configOf = async (db: MirageDb, unit: AgentContext['unit']) => {
    const unitId = String(unit.id);
    const processRules = (await processRuleStore(db).ofUnit(unitId)).map((r) => ({ ...r, id: String(r.id) }));
    const urlRules = await urlRuleStore(db).enabledForUnit(String(unit.organizationId), unitId);
    const row = unit as ServiceUnitRow;
    const config = { unitId, heartbeatIntervalS: row.agent?.heartbeatIntervalS ?? heartbeatOf(ctx), processRules, urlRules };
    return { ...config, version: hash53(JSON.stringify(config)) };
  };

  server.get(
    '/agent/config',
    withAgent(server, async ({ db, unit }) => json(200, await configOf(db, unit))),
  );

  server.get(
    '/agent/commands',
    withAgent(server, async ({ db, request, unit }) => {
      const wait = queryParam(request, 'wait');
      if (wait !== undefined && !(/^\d{1,2}$/.test(wait) && Number(wait) <= MAX_WAIT_S)) return invalid({ wait: 'invalid' });
      // The embedded backend answers at once; the server holds an empty answer up to `wait` s (server/).
      const pending = await commandStore(db).pendingOf(String(unit.id));
      if (pending.length > 0) await commandStore(db).put(pending.map((c) => ({ ...c, status: 'sent' as const })));
      const items = pending.map((c) => ({ id: String(c.id), kind: c.kind, pid: c.pid, issuedAt: c.issuedAt }));
      // The server answers a held poll early when this is not the agent's (server/events/long-poll.ts).
      return json(200, { items, configVersion: (await configOf(db, unit)).version });
    }),
  );

  server.post(
    '/agent/commands/:id/result',
    withAgent(server, async ({ db, request, unit }) => {
      const body = parseBody(request);
      if (body === undefined) return errorResponse(400, 'Malformed request body');
      const command = await commandStore(db).get(request.params['id'] ?? '');
      // Another unit's command is as unknown to this credential as one that does not exist.
      if (!command || command.serviceUnitId !== String(unit.id)) return errorResponse(404, 'Command not found');
      if (commandFinished(command)) return errorResponse(409, 'The command has already finished', { status: 'finished' });
      const input = readCommandResult(body);
      if (!input.ok) return invalid(input.errors);
      const now = ctx.now();
      const finished = await finishCommand(db, now, command, input.value);
      await applyResult(db, now, unit as ServiceUnitRow, finished);
      emitCommandFinished(db, now, finished);
      return json(200, commandView(finished));
    }),
  );
}

export const agentsDomain: MirageDomain = {
  name: 'agents',
  routes,
};
