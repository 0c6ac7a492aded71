import type { Action } from '../../machines/permissions/can';
import { readText } from '../../machines/text/text-rules';
import { unitStatus } from '../../machines/service-units/unit-status';
import type { CaptureRequestRecord } from '../../core/capture-requests';
import type { ScreenshotListQuery } from '../../core/screenshot-list';
import type { ScreenshotImage, ScreenshotPatch, ScreenshotRecord } from '../../core/screenshots';
import { access, forbidden, organizationScope, splitBulk, type Access } from '../access';
import type { Account, ApiEnv } from '../env';
import { isRecord, problem } from '../http';
import { issueCommand } from './commands';

/**
 * Screenshots (docs/domain.md): they belong to their unit's organization, so `can()` is asked with it
 * (api/access.ts), and a caller lists only those of the organizations they may read. A flag or note change and a
 * deletion are announced as `screenshot.changed`, in the change's own unit of work. A person asks a unit's agent
 * for a screenshot now with a capture request: a `captureScreenshot` command the agent answers with its upload.
 */

export interface ScreenshotItem extends Omit<ScreenshotRecord, 'organizationId'> {
  unitName: string;
}

const NOT_FOUND = 'Screenshot not found';
const CAPTURE_NOT_FOUND = 'Capture request not found';

function toItem(row: Readonly<ScreenshotRecord>, unitName: (id: string) => string): ScreenshotItem {
  return {
    id: String(row.id),
    serviceUnitId: row.serviceUnitId,
    capturedAt: row.capturedAt,
    width: row.width,
    height: row.height,
    activeWindowTitle: row.activeWindowTitle,
    processName: row.processName,
    flagged: row.flagged,
    note: row.note,
    ...(row.hasImage ? { hasImage: true } : {}),
    unitName: unitName(row.serviceUnitId),
  };
}

/** The names of these units, read at once ('' for a unit that is gone). */
async function unitNames(env: ApiEnv, unitIds: readonly string[]): Promise<(id: string) => string> {
  const names = new Map((await env.units.getMany([...new Set(unitIds)])).map((u) => [String(u.id), u.name]));
  return (id) => names.get(id) ?? '';
}

const itemOf = async (env: ApiEnv, row: Readonly<ScreenshotRecord>): Promise<ScreenshotItem> =>
  toItem(row, await unitNames(env, [row.serviceUnitId]));

function parseDay(value: string | null, endOfDay: boolean): number | null {
  if (!value) return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  return Number.isNaN(t) ? null : t;
}

/** The list's query as the request asks it (page bounds, unit, day range, flag, search, order). */
export function readScreenshotQuery(params: URLSearchParams): ScreenshotListQuery {
  const whole = (name: string, fallback: number) => {
    const n = Math.floor(Number(params.get(name) ?? fallback));
    return Number.isSafeInteger(n) ? n : fallback;
  };
  const from = parseDay(params.get('from'), false);
  const to = parseDay(params.get('to'), true);
  const flagged = params.get('flagged');
  return {
    unitId: (params.get('unitId') ?? params.get('unit')) || null,
    fromIso: from === null ? null : new Date(from).toISOString(),
    toIso: to === null ? null : new Date(to).toISOString(),
    flagged: flagged === 'true' ? true : flagged === 'false' ? false : null,
    search: (params.get('search') ?? '').trim().toLowerCase(),
    ascending: params.get('order') === 'asc',
    page: Math.max(1, whole('page', 1) || 1),
    pageSize: Math.min(200, Math.max(1, whole('pageSize', 24) || 24)),
  };
}

/** One page of the screenshots the caller may read. */
export async function listScreenshots(env: ApiEnv, caller: Account, query: ScreenshotListQuery) {
  const { rows, total } = await env.screenshots.list(query, organizationScope(caller, 'screenshot'));
  const names = await unitNames(
    env,
    rows.map((r) => r.serviceUnitId),
  );
  return { items: rows.map((r) => toItem(r, names)), total, page: query.page, pageSize: query.pageSize };
}

const screenshotFor = async (env: ApiEnv, caller: Account, action: Action, id: string): Promise<Access<Readonly<ScreenshotRecord>>> =>
  access(caller, action, 'screenshot', id ? await env.screenshots.get(id) : undefined, NOT_FOUND);

export async function readScreenshot(env: ApiEnv, caller: Account, id: string): Promise<Access<ScreenshotItem>> {
  const found = await screenshotFor(env, caller, 'read', id);
  return found.ok ? { ok: true, row: await itemOf(env, found.row) } : found;
}

/** Announces a flag or note change, or a deletion (screenshot.changed), scoped as screenshot.captured. */
function announceChanged(env: ApiEnv, now: number, shot: Readonly<ScreenshotRecord>, change: 'updated' | 'deleted'): void {
  env.events.append({
    type: 'screenshot.changed',
    at: new Date(now).toISOString(),
    organizationId: shot.organizationId === '' ? null : String(shot.organizationId),
    subjectId: String(shot.id),
    unitId: String(shot.serviceUnitId),
    data: { screenshotId: String(shot.id), change },
  });
}

/** A flag and a note, checked: the note by the shared text rule (NFC, no control or bidi-override characters, ≤ 500, never cut). */
function readPatch(body: unknown): ScreenshotPatch | Response {
  if (!isRecord(body)) return problem(400, 'Invalid JSON body');
  const errors: Record<string, string> = {};
  const patch: ScreenshotPatch = {};
  if ('flagged' in body) {
    if (typeof body['flagged'] === 'boolean') patch.flagged = body['flagged'];
    else errors['flagged'] = 'invalid';
  }
  if ('note' in body) {
    const note = readText(body['note'], { max: 500, multiline: true });
    if (typeof body['note'] !== 'string') errors['note'] = 'invalid';
    else if (note.problem) errors['note'] = note.problem;
    else patch.note = note.value;
  }
  if (Object.keys(errors).length > 0) return problem(422, 'The screenshot could not be updated', { errors });
  return patch;
}

/** Flags a screenshot or changes its note (PUT and PATCH alike). */
export async function updateScreenshot(env: ApiEnv, caller: Account, id: string, body: unknown): Promise<Access<ScreenshotItem>> {
  const found = await screenshotFor(env, caller, 'update', id);
  if (!found.ok) return found;
  const patch = readPatch(body);
  if (patch instanceof Response) return { ok: false, response: patch };
  const updated = await env.screenshots.update(String(found.row.id), patch);
  // Only a real change is news (saving the same flag and note again announces nothing).
  if (updated.flagged !== found.row.flagged || updated.note !== found.row.note) announceChanged(env, env.now(), updated, 'updated');
  return { ok: true, row: await itemOf(env, updated) };
}

/** Deletes a screenshot with its image: null when done, else the refusal. */
export async function removeScreenshot(env: ApiEnv, caller: Account, id: string): Promise<Response | null> {
  const found = await screenshotFor(env, caller, 'delete', id);
  if (!found.ok) return found.response;
  await env.screenshots.remove([String(found.row.id)]);
  announceChanged(env, env.now(), found.row, 'deleted');
  return null;
}

/**
 * Deletes the screenshots of `ids` the caller may delete. Unknown or unreadable ids count as `notFound`, readable
 * ones the caller may not delete as `refused` (a 403 with the reason when nothing at all was allowed).
 */
export async function bulkDeleteScreenshots(
  env: ApiEnv,
  caller: Account,
  body: unknown,
): Promise<{ deleted: number; notFound: number; refused: number } | Response> {
  const ids = isRecord(body) && Array.isArray(body['ids']) ? body['ids'].filter((v): v is string => typeof v === 'string') : null;
  if (!ids || ids.length === 0) return problem(422, 'Select at least one screenshot', { errors: { ids: 'required' } });
  const found = await env.screenshots.getMany(ids);
  const split = splitBulk(
    caller,
    'delete',
    'screenshot',
    ids,
    (id) => found.get(id),
    (r) => r.organizationId,
  );
  if (split.allowed.length === 0 && split.reason) return forbidden(split.reason, { refused: split.refused, notFound: split.missing });
  await env.screenshots.remove(split.allowed);
  const now = env.now();
  for (const id of new Set(split.allowed)) {
    const row = found.get(id);
    if (row) announceChanged(env, now, row, 'deleted');
  }
  return { deleted: split.allowed.length, notFound: split.missing, refused: split.refused };
}

/** The image an agent uploaded for a screenshot the caller may read (404 when it has none, as simulated ones). */
export async function screenshotImage(env: ApiEnv, caller: Account, id: string): Promise<Access<ScreenshotImage>> {
  const found = await screenshotFor(env, caller, 'read', id);
  if (!found.ok) return found;
  const image = await env.screenshots.image(String(found.row.id));
  return image
    ? { ok: true, row: { contentType: image.contentType, data: image.data } }
    : { ok: false, response: problem(404, 'This screenshot has no uploaded image') };
}

async function captureView(env: ApiEnv, row: Readonly<CaptureRequestRecord>) {
  const shot = row.screenshotId ? await env.screenshots.get(row.screenshotId) : undefined;
  return {
    id: String(row.id),
    serviceUnitId: row.serviceUnitId,
    requestedAt: new Date(row.requestedAt).toISOString(),
    status: row.status,
    failureReason: row.failureReason,
    // The live screenshot.captured names the same command: the caller settles its own request by it.
    commandId: row.commandId ?? null,
    screenshot: shot ? await itemOf(env, shot) : null,
  };
}

export type CaptureView = Awaited<ReturnType<typeof captureView>>;

/**
 * Asks the unit's agent for a screenshot now (making one is creating a screenshot in the unit's organization).
 * Without an agent that reports (none, revoked, or offline) the request fails at once instead of waiting forever.
 */
export async function requestCapture(env: ApiEnv, caller: Account, unitId: string): Promise<Access<CaptureView>> {
  const found = access(caller, 'create', 'screenshot', unitId ? await env.units.get(unitId) : undefined, 'Service unit not found');
  if (!found.ok) return found;
  const unit = found.row;
  const now = env.now();
  const agent = unit.agent ?? null;
  const failureReason = agent?.revokedAt ? 'agentRevoked' : !agent || unitStatus(unit, now) === 'offline' ? 'unitOffline' : null;
  const row = await env.captureRequests.insert({
    serviceUnitId: String(unit.id),
    organizationId: String(unit.organizationId),
    requestedAt: now,
    status: failureReason ? 'failed' : 'pending',
    screenshotId: null,
    failureReason,
    commandId: null,
  });
  if (failureReason) return { ok: true, row: await captureView(env, row) };
  const command = await issueCommand(env, caller, now, { unit, kind: 'captureScreenshot', captureRequestId: String(row.id) });
  return { ok: true, row: await captureView(env, await env.captureRequests.update(String(row.id), { commandId: String(command.id) })) };
}

/** A capture request as it stands; a pending one whose unit is gone fails (its agent will never answer). */
export async function readCaptureRequest(env: ApiEnv, caller: Account, id: string): Promise<Access<CaptureView>> {
  const found = access(caller, 'read', 'screenshot', id ? await env.captureRequests.get(id) : undefined, CAPTURE_NOT_FOUND);
  if (!found.ok) return found;
  let row = found.row;
  if (row.status === 'pending' && !(await env.units.get(row.serviceUnitId)))
    row = await env.captureRequests.update(String(row.id), { status: 'failed', failureReason: 'unitGone' });
  return { ok: true, row: await captureView(env, row) };
}
