import type { AgentUrlPolicy } from '../../machines/domain/types';
import { isReporting } from '../../machines/service-units/unit-status';
import { isFinishedStatus, type CommandRecord } from '../../core/commands';
import type { CaptureRequestRecord } from '../../core/capture-requests';
import { hash53 } from '../../core/idempotency';
import { blockingRule } from '../../core/process-rules';
import type { ProcessRecord } from '../../core/processes';
import { createRandom, hashString } from '../../core/random';
import { makeShot } from '../../core/screenshot-shots';
import type { ServiceUnitRow } from '../../core/service-units';
import { randomBase64Url, sha256Hex } from '../../core/tokens';
import { newUnitRecord } from '../../core/unit-input';
import {
  firstIpAddress,
  isEnrolmentTokenShape,
  readCommandResult,
  readEnrolRequest,
  readHeartbeat,
  readProcessReport,
  readScreenshotUpload,
  type ReportedProcess,
  type ReportedSystem,
} from '../../core/agent-input';
import type { ApiEnv } from '../env';
import { isRecord, json, problem } from '../http';
import { announceCommandFinished, commandView, storeCommandResult } from './commands';
import { announceUnit } from './units';

/**
 * The agent API (docs/api/openapi.yaml, `/api/agent/...`; docs/agent.md): what a unit's agent does, in both
 * backends. A real agent (agent/) and the simulated ones (mirage/simulated-agents.ts) call the same operations.
 * The caller is the unit whose active agent holds the request's credential (agentOf); the credential reaches
 * these operations only, and only its own unit. The user API's side of agents is api/services/agents.ts.
 */

/** The unit an agent's credential opens (its agent active). */
export type AgentUnit = Readonly<ServiceUnitRow>;

/**
 * `sua_unit_<unit id>_<secret>`: the unit's id (a seeded number or a UUID, core/record-ids.ts), then a random
 * (or, for a simulated agent, derived) secret.
 */
const UNIT_CREDENTIAL = /^sua_unit_(\d{1,18}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{20,100})$/;

const agentError = (status: number, code: string, message: string): Response => problem(status, message, { code });
const invalid = (errors: Record<string, string>): Response => problem(422, 'Validation failed', { errors });

/** Two hex digests compared in a time that depends on their length only. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The unit whose active agent holds the request's bearer credential, or the 401 `agentUnauthorized`. */
export async function agentOf(env: Pick<ApiEnv, 'units'>, request: Request): Promise<AgentUnit | Response> {
  const header = request.headers.get('Authorization') ?? '';
  const credential = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const unitId = UNIT_CREDENTIAL.exec(credential)?.[1];
  const unit = unitId ? await env.units.get(unitId) : undefined;
  const stored = unit?.agent?.credentialHash;
  if (!unit || !stored || unit.agent?.revokedAt || !sameDigest(await sha256Hex(credential), stored)) {
    return agentError(401, 'agentUnauthorized', 'Invalid agent credential');
  }
  return unit;
}

/** 403 `otherUnit` when the body names another unit than the credential's, else null. */
export function otherUnit(body: unknown, unit: AgentUnit): Response | null {
  const named = isRecord(body) ? body['unitId'] : undefined;
  if (typeof named !== 'string' || named === String(unit.id)) return null;
  return agentError(403, 'otherUnit', `This credential reports for unit ${String(unit.id)} only`);
}

/** The stored system of an agent (what the API shows of it). */
const systemOf = (system: ReportedSystem) => ({
  hostname: system.hostname,
  osName: system.osName,
  ipAddresses: [...system.ipAddresses],
  uptimeS: system.uptimeS,
  agentVersion: system.agentVersion,
});

const heartbeatOf = (env: Pick<ApiEnv, 'agentHeartbeatS'>, unit: AgentUnit) => unit.agent?.heartbeatIntervalS ?? env.agentHeartbeatS;

/** A name for an enrolled machine: its hostname, made unique in the organization ("host (2)"). */
async function uniqueName(env: Pick<ApiEnv, 'units'>, organizationId: string, hostname: string): Promise<string> {
  const base = hostname.slice(0, 72);
  // The candidates in batches: the base, then "base (2)" to "base (25)", and so on.
  for (let from = 1; ; from += 25) {
    const candidates = Array.from({ length: 25 }, (_, i) => (from + i === 1 ? base : `${base} (${from + i})`));
    const named = await env.units.withNames(
      organizationId,
      candidates.map((c) => c.toLowerCase()),
    );
    const taken = new Set(named.map((u) => u.name.toLowerCase()));
    const free = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (free !== undefined) return free;
  }
}

/** `POST /api/agent/enrol`: a usable token makes a unit in its organization, with a credential shown once. */
export async function enrol(env: ApiEnv, body: unknown): Promise<Response> {
  const input = readEnrolRequest(body);
  if (!input.ok) return invalid(input.errors);
  const now = env.now();
  const { token, system } = input.value;
  const at = new Date(now).toISOString();
  const enrolment = isEnrolmentTokenShape(token) ? await env.enrolments.claim(await sha256Hex(token), now, at) : undefined;
  if (!enrolment) return agentError(401, 'enrolmentInvalid', 'The enrolment token is unknown, used or expired');
  const heartbeatIntervalS = env.agentHeartbeatS;
  const organizationId = enrolment.organizationId;
  const machine = {
    organizationId,
    name: await uniqueName(env, organizationId, system.hostname),
    hostname: system.hostname,
    ipAddress: firstIpAddress(system.ipAddresses) ?? '',
    operatingSystem: system.platform,
    agentVersion: system.agentVersion,
  };
  const unit = await env.units.insert({ ...newUnitRecord(machine, at), announcedStatus: 'online' });
  const credential = `sua_unit_${String(unit.id)}_${randomBase64Url(32)}`;
  const enrolled = await env.units.update(String(unit.id), {
    agent: {
      kind: 'enrolled',
      enrolledAt: at,
      revokedAt: null,
      heartbeatIntervalS,
      system: systemOf(system),
      credentialHash: await sha256Hex(credential),
    },
  });
  await env.enrolments.setUnit(String(enrolment.id), String(unit.id));
  announceUnit(env, now, 'unit.created', enrolled);
  return json(201, { unitId: String(unit.id), organizationId, credential, heartbeatIntervalS });
}

/** What a heartbeat changes of the unit's row; `visible`: something a screen shows, besides the time. */
function heartbeatPatch(unit: AgentUnit, system: ReportedSystem, urlPolicy: AgentUrlPolicy | null, now: number) {
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

/**
 * `POST /api/agent/heartbeat`: the unit is seen now (unit.online when it was announced offline, unit.changed
 * when what it shows changed), and learns how many commands wait. The server's hottest path (10,000 agents at
 * 30 s): one row's update under its lock and one count, nothing else.
 */
export async function heartbeat(env: ApiEnv, unit: AgentUnit, body: unknown): Promise<Response> {
  const input = readHeartbeat(body);
  if (!input.ok) return invalid(input.errors);
  const now = env.now();
  const { patch, visible } = heartbeatPatch(unit, input.value.system, input.value.urlPolicy, now);
  // Only the heartbeat's own fields change, under the unit's lock: whether it comes online is read there.
  const seen = await env.units.recordSeen(String(unit.id), { ...patch, announcedStatus: 'online' });
  if (seen) {
    const comingOnline = seen.before.announcedStatus !== 'online';
    if (comingOnline && isReporting(seen.unit, now)) announceUnit(env, now, 'unit.online', seen.unit);
    else if (visible) announceUnit(env, now, 'unit.changed', seen.unit);
  }
  const pendingCommands = (await env.commands.pendingOf(String(unit.id))).length;
  return json(200, { receivedAt: new Date(now).toISOString(), heartbeatIntervalS: heartbeatOf(env, unit), pendingCommands });
}

/** Announces that the unit's running processes changed (processes.changed), with how many run now. */
function announceProcesses(env: Pick<ApiEnv, 'events'>, now: number, unit: AgentUnit, running: number): void {
  env.events.append({
    type: 'processes.changed',
    at: new Date(now).toISOString(),
    organizationId: String(unit.organizationId),
    subjectId: String(unit.id),
    unitId: String(unit.id),
    data: { running },
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Replaces the unit's running processes with a report: gone ones end ('rule' when a block rule matches them, else 'exit'), new ones start. */
async function recordProcessReport(env: ApiEnv, now: number, unit: AgentUnit, reported: readonly ReportedProcess[]) {
  const unitId = String(unit.id);
  const at = new Date(now).toISOString();
  const running = new Map((await env.processes.running(unitId)).map((p) => [`${p.pid}|${p.name}`, p]));
  const changed: ProcessRecord[] = [];
  const added: Omit<ProcessRecord, 'id'>[] = [];
  const seen = new Set<string>();
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
  const unitRules = await env.processRules.ofUnit(unitId);
  for (const [key, p] of running) {
    if (seen.has(key)) continue;
    const endedReason = blockingRule(unitRules, p.name) ? 'rule' : 'exit';
    changed.push({ ...p, state: 'ended', endedAt: at, endedReason, cpuPercent: 0 });
    ended += 1;
  }
  if (changed.length > 0) await env.processes.put(changed);
  if (added.length > 0) await env.processes.insert(added);
  const started = added.length;
  if (started + ended > 0) announceProcesses(env, now, unit, seen.size);
  return { running: seen.size, started, ended };
}

/** `PUT /api/agent/processes`: the unit's running processes as the agent sees them now. */
export async function reportProcesses(env: ApiEnv, unit: AgentUnit, body: unknown): Promise<Response> {
  const input = readProcessReport(body);
  if (!input.ok) return invalid(input.errors);
  return json(200, await recordProcessReport(env, env.now(), unit, input.value.processes));
}

/** Announces a new screenshot (screenshot.captured), with the capture command it answers (null: none). */
function announceScreenshot(
  env: Pick<ApiEnv, 'events'>,
  now: number,
  shot: { id: string | number; organizationId: string; serviceUnitId: string | number },
  commandId: string | number | null,
  unitName: string,
): void {
  env.events.append({
    type: 'screenshot.captured',
    at: new Date(now).toISOString(),
    organizationId: shot.organizationId,
    subjectId: String(shot.id),
    unitId: String(shot.serviceUnitId),
    data: { screenshotId: String(shot.id), commandId: commandId === null ? null : String(commandId), unitName },
  });
}

/** A capture request settles once: delivered with its screenshot, or failed with a reason. */
async function settleCapture(
  env: Pick<ApiEnv, 'captureRequests'>,
  id: string,
  outcome: Pick<CaptureRequestRecord, 'status' | 'screenshotId' | 'failureReason'>,
): Promise<void> {
  const row = await env.captureRequests.get(id);
  if (row?.status === 'pending') await env.captureRequests.update(String(row.id), outcome);
}

/** `POST /api/agent/screenshots`: an image the agent captured (for a capture command, or on its own schedule). */
export async function uploadScreenshot(env: ApiEnv, unit: AgentUnit, body: unknown): Promise<Response> {
  const input = readScreenshotUpload(body);
  if (!input.ok && 'tooLarge' in input) return agentError(413, 'screenshotTooLarge', 'The screenshot is larger than 1048576 bytes');
  if (!input.ok) return invalid(input.errors);
  const upload = input.value;
  const command = upload.commandId ? await env.commands.get(upload.commandId) : undefined;
  if (upload.commandId && (command?.serviceUnitId !== String(unit.id) || command.kind !== 'captureScreenshot')) {
    return invalid({ commandId: 'unknown' });
  }
  const now = env.now();
  const shot = await env.screenshots.insert(
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
  if (command?.captureRequestId)
    await settleCapture(env, command.captureRequestId, { status: 'delivered', screenshotId: String(shot.id), failureReason: null });
  announceScreenshot(env, now, shot, command?.id ?? null, unit.name);
  return json(201, { screenshotId: String(shot.id) });
}

/** The unit's config, with the version the command poll answers too (a digest: any change of a rule changes it). */
async function configOf(env: ApiEnv, unit: AgentUnit) {
  const unitId = String(unit.id);
  const processRules = (await env.processRules.ofUnit(unitId)).map((r) => ({ ...r, id: String(r.id) }));
  const urlRules = await env.urlRules.enabledForUnit(String(unit.organizationId), unitId);
  const config = { unitId, heartbeatIntervalS: heartbeatOf(env, unit), processRules, urlRules };
  return { ...config, version: hash53(JSON.stringify(config)) };
}

/** `GET /api/agent/config`: the unit's process and URL rules and its heartbeat interval. */
export async function agentConfig(env: ApiEnv, unit: AgentUnit): Promise<Response> {
  return json(200, await configOf(env, unit));
}

const MAX_WAIT_S = 30;

/**
 * `GET /api/agent/commands?wait=N`: the unit's pending commands, marked sent, with the config's version. The app
 * answers at once; the Node server holds an empty answer up to N s and asks again when commands or rules of
 * the unit are stored (server/events/long-poll.ts).
 */
export async function fetchCommands(env: ApiEnv, unit: AgentUnit, wait: string | null): Promise<Response> {
  if (wait !== null && !(/^\d{1,2}$/.test(wait) && Number(wait) <= MAX_WAIT_S)) return invalid({ wait: 'invalid' });
  const pending = await env.commands.pendingOf(String(unit.id));
  if (pending.length > 0) await env.commands.put(pending.map((c) => ({ ...c, status: 'sent' as const })));
  const items = pending.map((c) => ({ id: String(c.id), kind: c.kind, pid: c.pid, issuedAt: c.issuedAt }));
  return json(200, { items, configVersion: (await configOf(env, unit)).version });
}

/** What a command's result means: a process ended, a capture settled (or a simulated agent's screenshot taken). */
async function applyResult(env: ApiEnv, now: number, unit: AgentUnit, command: Readonly<CommandRecord>): Promise<void> {
  if (command.kind === 'endProcess' && command.status === 'succeeded' && command.processId) {
    const process = await env.processes.get(command.processId);
    if (process?.state === 'running') {
      await env.processes.put([{ ...process, state: 'ended', endedAt: new Date(now).toISOString(), endedReason: 'user', cpuPercent: 0 }]);
      announceProcesses(env, now, unit, (await env.processes.running(String(unit.id))).length);
    }
  }
  if (command.kind !== 'captureScreenshot' || !command.captureRequestId) return;
  const request = await env.captureRequests.get(command.captureRequestId);
  if (request?.status !== 'pending') return;
  const failed = (failureReason: 'refused' | 'notSupported' | 'failed') =>
    settleCapture(env, String(request.id), { status: 'failed', screenshotId: null, failureReason });
  if (command.status !== 'succeeded') {
    const status = command.status;
    await failed(status === 'refused' || status === 'notSupported' ? status : 'failed');
    return;
  }
  // A real agent uploads the image (with the command's id) before it reports success: none came.
  if (unit.agent?.kind !== 'simulated') {
    await failed('failed');
    return;
  }
  // A simulated agent's screenshot is drawn by the app (no image data), as the seeded ones.
  const random = createRandom(hashString(String(command.id)) + now);
  const shot = await env.screenshots.insert({ ...makeShot(unit, now, random), flagged: false, note: '' });
  await settleCapture(env, String(request.id), { status: 'delivered', screenshotId: String(shot.id), failureReason: null });
  announceScreenshot(env, now, shot, command.id, unit.name);
}

/**
 * `POST /api/agent/commands/{id}/result`: the agent's result of one of its unit's commands, stored with its audit
 * entry in the name of the person who issued it (the entry completes theirs), then what it means, and command.finished.
 */
export async function commandResult(env: ApiEnv, unit: AgentUnit, id: string, body: unknown): Promise<Response> {
  const command = await env.commands.get(id);
  // Another unit's command is as unknown to this credential as one that does not exist.
  if (!command || command.serviceUnitId !== String(unit.id)) return problem(404, 'Command not found');
  if (isFinishedStatus(command.status)) return problem(409, 'The command has already finished', { errors: { status: 'finished' } });
  const input = readCommandResult(body);
  if (!input.ok) return invalid(input.errors);
  const now = env.now();
  const finished: CommandRecord = { ...command, ...input.value, finishedAt: new Date(now).toISOString() };
  await storeCommandResult(env, now, command, finished);
  await applyResult(env, now, unit, finished);
  announceCommandFinished(env, now, finished);
  return json(200, commandView(finished));
}
