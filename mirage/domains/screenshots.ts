import type { Request, Server } from 'miragejs';
import type { OperatingSystem, ServiceUnit } from '../../machines/domain/types';
import { changeCountOf, table, type MirageDb, type Row } from '../db';
import { errorResponse, isRecord, json, parseBody, queryParam, withAuth, type UserRow } from '../http';
import { insertInSlices, timeSlicer } from '../seed-slices';
import type { MirageContext, MirageDomain } from '../types';
import { createRandom, unitResourceAccess } from './processes';
import { unitStore, unitsTable } from '../unit-store';
import { access, organizationScope, refusal, splitBulk } from '../access';
import type { Action } from '../../machines/permissions/can';
import { readText } from '../../machines/text/text-rules';
import { unitStatus } from '../../machines/service-units/unit-status';
import { emitEvent } from '../events';
import { issueCommand } from '../commands';
import { captureStore, type CaptureRequestRow } from '../capture-requests';
import type { OrganizationScope } from '../../core/service-unit-list';
import { compareScreenshots, matchesScreenshotQuery, type ScreenshotListQuery } from '../../core/screenshot-list';
import type { ScreenshotRecord, ScreenshotRepository } from '../../core/screenshots';
import { givenRepository } from '../given-repositories';

/** Stored with its organization, so a role-4 list filters without looking up every unit. */
export type ScreenshotRow = ScreenshotRecord;

/** The image an agent uploaded for a screenshot (its own collection: the list never reads it). */
export interface ScreenshotImageRow extends Row {
  screenshotId: string;
  serviceUnitId: string;
  contentType: 'image/png' | 'image/jpeg';
  /** base64 */
  data: string;
}

const WINDOWS: Record<OperatingSystem, [process: string, title: string][]> = {
  windows: [
    ['chrome.exe', 'Inbox – Gmail – Google Chrome'],
    ['chrome.exe', 'Shipment tracking dashboard – Google Chrome'],
    ['msedge.exe', 'SharePoint – Team site – Microsoft Edge'],
    ['OUTLOOK.EXE', 'Inbox – Outlook'],
    ['EXCEL.EXE', 'Q3 freight costs.xlsx – Excel'],
    ['WINWORD.EXE', 'Delivery contract draft.docx – Word'],
    ['Teams.exe', 'Daily stand-up | Microsoft Teams'],
    ['explorer.exe', 'File Explorer – Documents'],
    ['Code.exe', 'routes.ts – warehouse-app – Visual Studio Code'],
    ['steam.exe', 'Steam – Store'],
  ],
  macos: [
    ['Safari', 'Apple – Safari'],
    ['Google Chrome', 'Customer portal – Google Chrome'],
    ['Mail', 'Inbox – Mail'],
    ['Microsoft Teams', 'Sales weekly | Microsoft Teams'],
    ['Slack', 'Slack – #operations'],
    ['Finder', 'Finder – Downloads'],
    ['Xcode', 'Xcode – ScannerApp'],
    ['Spotify', 'Spotify Premium'],
  ],
  linux: [
    ['firefox', 'Grafana – Mozilla Firefox'],
    ['firefox', 'Merge request !412 – GitLab – Mozilla Firefox'],
    ['gnome-terminal', 'ops@build-server: ~/deploy'],
    ['code', 'docker-compose.yml – infra – Visual Studio Code'],
    ['slack', 'Slack – #incidents'],
    ['chrome', 'Kibana – Discover – Google Chrome'],
  ],
};

const RESOLUTIONS: [number, number][] = [
  [1920, 1080],
  [2560, 1440],
  [1366, 768],
  [1440, 900],
  [3840, 2160],
];

const screenshots = (db: MirageDb) => table<ScreenshotRow>(db, 'screenshots');
export const screenshotImages = (db: MirageDb) => table<ScreenshotImageRow>(db, 'screenshotImages');
const units = unitsTable;

export function makeShot(
  unit: Pick<ServiceUnit, 'id' | 'organizationId' | 'operatingSystem'>,
  at: number,
  random: () => number,
): Omit<ScreenshotRow, 'id'> {
  const options = WINDOWS[unit.operatingSystem] ?? WINDOWS.linux;
  const [processName, title] = options[Math.floor(random() * options.length)] ?? ['explorer.exe', 'Desktop'];
  const [width, height] = RESOLUTIONS[Math.floor(random() * RESOLUTIONS.length)] ?? [1920, 1080];
  const flagged = random() < 0.04;
  return {
    serviceUnitId: String(unit.id),
    organizationId: String(unit.organizationId),
    capturedAt: new Date(at).toISOString(),
    width,
    height,
    activeWindowTitle: title,
    processName,
    flagged,
    note: flagged ? 'Looks unrelated to work – please review' : '',
  };
}

async function seed(db: MirageDb, ctx: MirageContext): Promise<void> {
  const now = ctx.now();
  const all = units(db).all();
  if (all.length === 0) return;
  const random = createRandom(424242);
  const span = 30 * 86_400_000;
  const rows: Omit<ScreenshotRow, 'id'>[] = [];
  if (ctx.seed === 'large') {
    // 100,000 in the first organization, oldest first so ids follow capture time.
    const org1 = all.filter((u) => String(u.organizationId) === String(all[0]?.organizationId));
    const count = 100_000;
    const slicer = timeSlicer();
    for (let i = 0; i < count; i += 1) {
      const unit = org1[Math.floor(random() * org1.length)] ?? all[0];
      if (unit) rows.push(makeShot(unit, now - span + Math.floor((i / count) * span) + Math.floor(random() * 20_000), random));
      if (i % 1000 === 999) await slicer.breathe();
    }
    await insertInSlices((slice) => screenshots(db).insertMany(slice), rows, slicer);
    return;
  } else {
    // About 40 per unit over the last 30 days: a few thousand in all.
    const times: [ServiceUnit, number][] = [];
    for (const unit of all) {
      const perUnit = 30 + Math.floor(random() * 20);
      for (let i = 0; i < perUnit; i += 1) times.push([unit, now - Math.floor(random() * span)]);
      // Something from today for the dashboard.
      times.push([unit, now - Math.floor(random() * Math.min(now % 86_400_000 || 3_600_000, 3_600_000))]);
    }
    times.sort((a, b) => a[1] - b[1]);
    for (const [unit, at] of times) rows.push(makeShot(unit, at, random));
  }
  screenshots(db).insertMany(rows);
}

/** A screenshot goes with its uploaded image. */
function removeScreenshot(db: MirageDb, id: string | number): void {
  screenshots(db).remove(id);
  for (const image of screenshotImages(db).where({ screenshotId: String(id) })) screenshotImages(db).remove(image.id);
}

export interface ScreenshotItem extends Omit<ScreenshotRecord, 'organizationId'> {
  unitName: string;
}

function toItem(row: Readonly<ScreenshotRow>, unitName: (id: string) => string): ScreenshotItem {
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
export async function unitNames(db: MirageDb, unitIds: readonly string[]): Promise<(id: string) => string> {
  const names = new Map((await unitStore(db).getMany([...new Set(unitIds)])).map((u) => [String(u.id), u.name]));
  return (id) => names.get(id) ?? '';
}

function parseDay(value: string | undefined, endOfDay: boolean): number | null {
  if (!value) return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  return Number.isNaN(t) ? null : t;
}

/** The list's query as the request asks it (page bounds, unit, day range, flag, search, order). */
function readScreenshotQuery(request: Request): ScreenshotListQuery {
  const whole = (name: string, fallback: number) => {
    const n = Math.floor(Number(queryParam(request, name) ?? fallback));
    return Number.isSafeInteger(n) ? n : fallback;
  };
  const from = parseDay(queryParam(request, 'from'), false);
  const to = parseDay(queryParam(request, 'to'), true);
  const flaggedParam = queryParam(request, 'flagged');
  return {
    unitId: (queryParam(request, 'unitId') ?? queryParam(request, 'unit')) || null,
    fromIso: from === null ? null : new Date(from).toISOString(),
    toIso: to === null ? null : new Date(to).toISOString(),
    flagged: flaggedParam === 'true' ? true : flaggedParam === 'false' ? false : null,
    search: (queryParam(request, 'search') ?? '').trim().toLowerCase(),
    ascending: queryParam(request, 'order') === 'asc',
    page: Math.max(1, whole('page', 1) || 1),
    pageSize: Math.min(200, Math.max(1, whole('pageSize', 24) || 24)),
  };
}

/** The organizations whose screenshots a user may read (can.ts readScope). */
export const screenshotScope = (user: UserRow): OrganizationScope => organizationScope(user, 'screenshot');

/** The rows oldest first, kept until the collection changes (ISO capture times, ties by id). */
const sortedCache = new WeakMap<object, { changes: number; rows: readonly Readonly<ScreenshotRow>[] }>();

function sortedShots(db: MirageDb): readonly Readonly<ScreenshotRow>[] {
  const changes = changeCountOf(db, 'screenshots');
  const cached = sortedCache.get(db);
  if (cached?.changes === changes) return cached.rows;
  const stored = screenshots(db).rows();
  // Rows are stored in capture order almost always (seeded oldest first, captures appended): a linear
  // check spares sorting 100,000 rows, and the stored array itself is the order (no copy).
  const rows = isSortedBy(stored, compareScreenshots) ? stored : [...stored].sort(compareScreenshots);
  sortedCache.set(db, { changes, rows });
  return rows;
}

/**
 * The screenshots answered from the rows in memory (the embedded backend). The list is one walk over the
 * sorted rows in the asked direction, counting the matches and keeping only the page's (no row is copied).
 */
export function memoryScreenshots(db: MirageDb): ScreenshotRepository {
  const inScope = (scope: OrganizationScope) => {
    const organizations = scope === 'all' ? null : new Set(scope);
    return (row: Readonly<ScreenshotRow>) => !organizations || organizations.has(String(row.organizationId));
  };
  const removeAll = (ids: readonly (string | number)[]) => {
    for (const id of ids) if (screenshots(db).find(id)) removeScreenshot(db, id);
  };
  return {
    list(query, scope) {
      const sorted = sortedShots(db);
      const wanted = inScope(scope);
      const start = (query.page - 1) * query.pageSize;
      const end = start + query.pageSize;
      const page: Readonly<ScreenshotRow>[] = [];
      let total = 0;
      for (let i = 0; i < sorted.length; i += 1) {
        const row = sorted[query.ascending ? i : sorted.length - 1 - i] as Readonly<ScreenshotRow>;
        if (!wanted(row) || !matchesScreenshotQuery(row, query)) continue;
        if (total >= start && total < end) page.push(row);
        total += 1;
      }
      return Promise.resolve({ rows: page, total });
    },
    get: (id) => Promise.resolve(screenshots(db).find(id)),
    getMany(ids) {
      const found = new Map<string, Readonly<ScreenshotRow>>();
      for (const id of ids) {
        const row = screenshots(db).find(id);
        if (row) found.set(id, row);
      }
      return Promise.resolve(found);
    },
    insert(shot, image) {
      const row = screenshots(db).insert(shot);
      if (image) screenshotImages(db).insert({ screenshotId: String(row.id), serviceUnitId: row.serviceUnitId, ...image });
      return Promise.resolve(row);
    },
    update: (id, patch) => Promise.resolve(screenshots(db).update(id, patch)),
    remove(ids) {
      removeAll(ids);
      return Promise.resolve();
    },
    removeOfUnit(unitId) {
      for (const row of screenshots(db).where((r) => String(r.serviceUnitId) === unitId)) screenshots(db).remove(row.id);
      for (const image of screenshotImages(db).where({ serviceUnitId: unitId })) screenshotImages(db).remove(image.id);
      return Promise.resolve();
    },
    countSince(scope, sinceIso) {
      const wanted = inScope(scope);
      let count = 0;
      for (const row of screenshots(db).rows()) if (row.capturedAt >= sinceIso && wanted(row)) count += 1;
      return Promise.resolve(count);
    },
    newest(scope, limit) {
      // Newest last in the list's order: a walk backwards stops at the limit.
      const sorted = sortedShots(db);
      const wanted = inScope(scope);
      const top: Readonly<ScreenshotRow>[] = [];
      for (let i = sorted.length - 1; i >= 0 && top.length < limit; i -= 1) {
        const row = sorted[i] as Readonly<ScreenshotRow>;
        if (wanted(row)) top.push(row);
      }
      return Promise.resolve(top);
    },
    image(screenshotId) {
      const image = screenshotImages(db).where({ screenshotId })[0];
      return Promise.resolve(image ? { contentType: image.contentType, data: image.data } : undefined);
    },
  };
}

/** The screenshots of this backend: the server's repository, else the rows in memory. */
export const screenshotStore = (db: MirageDb): ScreenshotRepository =>
  givenRepository<ReturnType<typeof memoryScreenshots>>(db, 'screenshots') ?? memoryScreenshots(db);

async function listScreenshots(db: MirageDb, request: Request, user: UserRow) {
  const query = readScreenshotQuery(request);
  const { rows, total } = await screenshotStore(db).list(query, screenshotScope(user));
  const names = await unitNames(
    db,
    rows.map((r) => r.serviceUnitId),
  );
  return json(200, { items: rows.map((r) => toItem(r, names)), total, page: query.page, pageSize: query.pageSize });
}

function isSortedBy<T>(rows: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < rows.length; i += 1) if (compare(rows[i - 1] as T, rows[i] as T) > 0) return false;
  return true;
}

const NOT_FOUND = 'Screenshot not found';
const screenshotAccess = async (db: MirageDb, user: UserRow, action: Action, id: string | undefined) =>
  access(user, action, 'screenshot', id ? await screenshotStore(db).get(id) : undefined, (r) => r.organizationId, NOT_FOUND);

type PatchResult = { ok: true; patch: { flagged?: boolean; note?: string } } | { ok: false; response: ReturnType<typeof json> };

function readPatch(body: unknown): PatchResult {
  if (!isRecord(body)) return { ok: false, response: errorResponse(400, 'Invalid JSON body') };
  const errors: Record<string, string> = {};
  const patch: { flagged?: boolean; note?: string } = {};
  if ('flagged' in body) {
    if (typeof body['flagged'] === 'boolean') patch.flagged = body['flagged'];
    else errors['flagged'] = 'invalid';
  }
  if ('note' in body) {
    // The shared text rule (machines/text/text-rules.ts): NFC, no control or bidi-override characters, ≤ 500, never cut.
    const note = readText(body['note'], { max: 500, multiline: true });
    if (typeof body['note'] !== 'string') errors['note'] = 'invalid';
    else if (note.problem) errors['note'] = note.problem;
    else patch.note = note.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, response: errorResponse(422, 'The screenshot could not be updated', errors) };
  return { ok: true, patch };
}

/** A pending capture request whose unit is gone fails (its agent will never answer). */
async function settleCapture(db: MirageDb, row: Readonly<CaptureRequestRow>): Promise<Readonly<CaptureRequestRow>> {
  if (row.status !== 'pending' || (await unitStore(db).get(row.serviceUnitId))) return row;
  return captureStore(db).update(String(row.id), { status: 'failed', failureReason: 'unitGone' });
}

/** Announces a new screenshot (screenshot.captured), with the capture command it answers (null: none). */
export function emitScreenshotCaptured(
  db: MirageDb,
  now: number,
  shot: Pick<ScreenshotRow, 'id' | 'organizationId' | 'serviceUnitId'>,
  commandId: string | number | null,
  unitName: string,
): void {
  emitEvent(db, now, {
    type: 'screenshot.captured',
    organizationId: shot.organizationId,
    subjectId: shot.id,
    unitId: shot.serviceUnitId,
    data: {
      screenshotId: String(shot.id),
      commandId: commandId === null ? null : String(commandId),
      unitName,
    },
  });
}

/** Announces a flag or note change, or a deletion (screenshot.changed), scoped as screenshot.captured. */
function emitScreenshotChanged(
  db: MirageDb,
  now: number,
  shot: Pick<ScreenshotRow, 'id' | 'organizationId' | 'serviceUnitId'>,
  change: 'updated' | 'deleted',
): void {
  emitEvent(db, now, {
    type: 'screenshot.changed',
    organizationId: shot.organizationId,
    subjectId: shot.id,
    unitId: shot.serviceUnitId,
    data: { screenshotId: String(shot.id), change },
  });
}

async function captureView(db: MirageDb, row: Readonly<CaptureRequestRow>) {
  const shot = row.screenshotId ? await screenshotStore(db).get(row.screenshotId) : undefined;
  return {
    id: String(row.id),
    serviceUnitId: row.serviceUnitId,
    requestedAt: new Date(row.requestedAt).toISOString(),
    status: row.status,
    failureReason: row.failureReason,
    // The live screenshot.captured names the same command: the caller settles its own request by it.
    commandId: row.commandId ?? null,
    screenshot: shot ? toItem(shot, await unitNames(db, [shot.serviceUnitId])) : null,
  };
}

export const screenshotsDomain: MirageDomain = {
  name: 'screenshots',
  seed,
  routes(server: Server, ctx: MirageContext) {
    server.get(
      '/screenshots',
      withAuth(server, async ({ db, request, user }) => listScreenshots(db, request, user)),
    );

    server.get(
      '/screenshots/:id',
      withAuth(server, async ({ db, request, user }) => {
        const found = await screenshotAccess(db, user, 'read', request.params['id']);
        return found.ok ? json(200, toItem(found.row, await unitNames(db, [found.row.serviceUnitId]))) : found.response;
      }),
    );

    const update = withAuth(server, async ({ db, request, user }) => {
      const found = await screenshotAccess(db, user, 'update', request.params['id']);
      if (!found.ok) return found.response;
      const result = readPatch(parseBody(request));
      if (!result.ok) return result.response;
      const updated = await screenshotStore(db).update(String(found.row.id), result.patch);
      // Only a real change is news (saving the same flag and note again announces nothing).
      if (updated.flagged !== found.row.flagged || updated.note !== found.row.note)
        emitScreenshotChanged(db, ctx.now(), updated, 'updated');
      return json(200, toItem(updated, await unitNames(db, [updated.serviceUnitId])));
    });
    server.patch('/screenshots/:id', update);
    server.put('/screenshots/:id', update);

    server.delete(
      '/screenshots/:id',
      withAuth(server, async ({ db, request, user }) => {
        const found = await screenshotAccess(db, user, 'delete', request.params['id']);
        if (!found.ok) return found.response;
        await screenshotStore(db).remove([String(found.row.id)]);
        emitScreenshotChanged(db, ctx.now(), found.row, 'deleted');
        return json(204);
      }),
    );

    server.post(
      '/screenshots/bulk-delete',
      withAuth(server, async ({ db, request, user }) => {
        const body = parseBody(request);
        const ids = isRecord(body) && Array.isArray(body['ids']) ? body['ids'].filter((v): v is string => typeof v === 'string') : null;
        if (!ids || ids.length === 0) return errorResponse(422, 'Select at least one screenshot', { ids: 'required' });
        const store = screenshotStore(db);
        const found = await store.getMany(ids);
        // Only the screenshots the user may delete go; unknown or unreadable ids count as notFound, readable
        // ones the user may not delete as refused (403 when nothing at all was allowed).
        const split = splitBulk(
          user,
          'delete',
          'screenshot',
          ids,
          (id) => found.get(id),
          (r) => r.organizationId,
        );
        if (split.allowed.length === 0 && split.reason) return refusal(split.reason, { refused: split.refused, notFound: split.missing });
        await store.remove(split.allowed);
        const now = ctx.now();
        for (const id of new Set(split.allowed)) {
          const row = found.get(id);
          if (row) emitScreenshotChanged(db, now, row, 'deleted');
        }
        return json(200, { deleted: split.allowed.length, notFound: split.missing, refused: split.refused });
      }),
    );

    server.get(
      '/screenshots/:id/image',
      withAuth(server, async ({ db, request, user }) => {
        const found = await screenshotAccess(db, user, 'read', request.params['id']);
        if (!found.ok) return found.response;
        const image = await screenshotStore(db).image(String(found.row.id));
        if (!image) return errorResponse(404, 'This screenshot has no uploaded image');
        return json(200, { contentType: image.contentType, data: image.data });
      }),
    );

    server.post(
      '/service-units/:id/capture',
      withAuth(server, async ({ db, request, user }) => {
        // A capture makes a screenshot of the unit: creating a screenshot in the unit's organization.
        const found = await unitResourceAccess(db, user, 'create', 'screenshot', request.params['id']);
        if (!found.ok) return found.response;
        const unit = found.row;
        const now = ctx.now();
        // The unit's agent takes the screenshot: a captureScreenshot command. Without an agent that
        // reports (none, revoked, or offline) the request fails at once instead of waiting forever.
        const agent = unit.agent ?? null;
        const failureReason = agent?.revokedAt ? 'agentRevoked' : !agent || unitStatus(unit, now) === 'offline' ? 'unitOffline' : null;
        const row = await captureStore(db).insert({
          serviceUnitId: String(unit.id),
          organizationId: String(unit.organizationId),
          requestedAt: now,
          status: failureReason ? 'failed' : 'pending',
          screenshotId: null,
          failureReason,
          commandId: null,
        });
        if (failureReason) return json(202, await captureView(db, row));
        const command = await issueCommand(db, now, { unit, kind: 'captureScreenshot', user, captureRequestId: String(row.id) });
        return json(202, await captureView(db, await captureStore(db).update(String(row.id), { commandId: String(command.id) })));
      }),
    );

    server.get(
      '/capture-requests/:id',
      withAuth(server, async ({ db, request, user }) => {
        const found = access(
          user,
          'read',
          'screenshot',
          await captureStore(db).get(request.params['id'] ?? ''),
          (r) => r.organizationId,
          'Capture request not found',
        );
        if (!found.ok) return found.response;
        return json(200, await captureView(db, await settleCapture(db, found.row)));
      }),
    );
  },
};
