import type { AnyStateMachine } from 'xstate';
import { createCrudScreenMachine } from '../crud-screen/crud-screen.machine';
import { adminDashboardMachine } from '../dashboard/admin-dashboard.machine';
import { userDashboardMachine } from '../dashboard/user-dashboard.machine';
import type { Screenshot } from '../domain/types';
import { createEditorMachine } from '../editor/editor.machine';
import { composeMachine } from '../email/compose.machine';
import { emailMachine } from '../email/email.machine';
import { mailboxMachine } from '../email/mailbox.machine';
import { createListMachine, type ListRow } from '../list/list.machine';
import { jobMachine } from '../job/job.machine';
import { liveEventsMachine } from '../live/live-events.machine';
import { predictionReportMachine } from '../prediction/prediction-report.machine';
import { bookmarksMachine } from '../preferences/bookmarks.machine';
import { processMonitorMachine } from '../processes/process-monitor.machine';
import { unitOptionsMachine } from '../processes/unit-options.machine';
import { profileMachine } from '../profile/profile.machine';
import { createResourceMachine } from '../resource/resource.machine';
import { captureMachine } from '../screenshots/capture.machine';
import { createScreenshotViewerMachine } from '../screenshots/screenshot-viewer.machine';
import { createScreenshotsScreenMachine } from '../screenshots/screenshots-screen.machine';
import { unitDetailMachine } from '../service-units/unit-detail.machine';
import { authFormMachine } from '../session/auth-form.machine';
import { identityCallbackMachine } from '../session/identity-callback.machine';
import { providerRenewalMachine } from '../session/provider-renewal.machine';
import { sessionMachine } from '../session/session.machine';
import { taskMachine as todoTaskMachine } from '../todo/task.machine';
import { todoListMachine } from '../todo/todo-list.machine';
import { urlTesterMachine } from '../url-restrictions/url-tester.machine';
import { unitEnforcementMachine } from '../url-restrictions/unit-enforcement.machine';
import type { ChartSubject } from './markdown';
import { recordingMachine } from './recording.machine';

export interface RegisteredMachine extends ChartSubject {
  /** The exports of `file` this entry documents (a factory, or the machine, plus machines built from it there). */
  exports: readonly string[];
}

const entry = (
  name: string,
  file: string,
  exports: readonly string[],
  machine: AnyStateMachine,
  description: string,
): RegisteredMachine => ({
  name,
  file: `machines/${file}`,
  exports,
  machine,
  description,
});

/**
 * Every machine in machines/, by a stable name (`docs/statecharts/<name>.md`). Factories are drawn
 * with a representative type: the chart does not depend on it. tests/statecharts-docs.test.ts fails
 * when a machine file exports a machine or factory that is not listed here.
 */
export const MACHINES: readonly RegisteredMachine[] = [
  entry(
    'session',
    'session/session.machine.ts',
    ['sessionMachine'],
    sessionMachine,
    'The session: restore and confirm, sign in/out (embedded backend or identity provider); signed in, the access region (active, locked) and the token region (valid, refreshing, renewing silently, expired) run in parallel.',
  ),
  entry(
    'auth-form',
    'session/auth-form.machine.ts',
    ['authFormMachine'],
    authFormMachine,
    'A public auth form (registration, forgotten password): one request per submission, server errors kept until the next.',
  ),
  entry(
    'identity-callback',
    'session/identity-callback.machine.ts',
    ['identityCallbackMachine'],
    identityCallbackMachine,
    'The identity provider’s redirect back: completes the sign-in and returns to the page the visitor wanted.',
  ),
  entry(
    'provider-renewal',
    'session/provider-renewal.machine.ts',
    ['providerRenewalMachine'],
    providerRenewalMachine,
    'One renewal of the identity provider’s token: another tab’s, else the refresh token, else a hidden frame with prompt=none.',
  ),
  entry(
    'list',
    'list/list.machine.ts',
    ['createListMachine'],
    createListMachine<ListRow>(),
    'A server-side list: paging, sorting, filters and search in the URL, selection and bulk actions.',
  ),
  entry(
    'job',
    'job/job.machine.ts',
    ['jobMachine'],
    jobMachine,
    'A one-shot job started from a button (CSV export, capture now): refuses a second start while running, emits the outcome.',
  ),
  entry(
    'editor',
    'editor/editor.machine.ts',
    ['createEditorMachine'],
    createEditorMachine<Record<string, unknown>, unknown>(),
    'A create/edit form: load, validate, save with server field errors, discard-changes guard.',
  ),
  entry(
    'crud-screen',
    'crud-screen/crud-screen.machine.ts',
    ['createCrudScreenMachine'],
    createCrudScreenMachine<ListRow, Record<string, unknown>, unknown>(),
    'A whole CRUD screen: the list, the editor drawer, deletes and one-shot jobs coordinated in one machine.',
  ),
  entry(
    'resource',
    'resource/resource.machine.ts',
    ['createResourceMachine'],
    createResourceMachine<unknown>('resource'),
    'Loads one resource with retry; the admin dashboard’s cards are instances of it.',
  ),
  entry(
    'admin-dashboard',
    'dashboard/admin-dashboard.machine.ts',
    ['adminDashboardMachine', 'summaryCardMachine', 'trendCardMachine', 'topRiskCardMachine', 'signInsCardMachine'],
    adminDashboardMachine,
    'The admin dashboard: its cards (resource machines, see resource.md) load and refresh independently.',
  ),
  entry(
    'user-dashboard',
    'dashboard/user-dashboard.machine.ts',
    ['userDashboardMachine'],
    userDashboardMachine,
    'The user dashboard: summary and recently offline units, with retry.',
  ),
  entry('profile', 'profile/profile.machine.ts', ['profileMachine'], profileMachine, 'The own profile: details, photo, password change.'),
  entry(
    'prediction-report',
    'prediction/prediction-report.machine.ts',
    ['predictionReportMachine'],
    predictionReportMachine,
    'The prediction report: query, results, one unit’s detail and the export.',
  ),
  entry(
    'bookmarks',
    'preferences/bookmarks.machine.ts',
    ['bookmarksMachine'],
    bookmarksMachine,
    'The starred pages of one user, persisted after every change.',
  ),
  entry(
    'live-events',
    'live/live-events.machine.ts',
    ['liveEventsMachine'],
    liveEventsMachine,
    'The live events of the signed-in user: the stream (connecting, live), reconnecting with backoff, polling when the stream fails or is not served, paused while locked (keeping its last event id to resume from), closed on sign-out; emits every event to the screens.',
  ),
  entry(
    'process-monitor',
    'processes/process-monitor.machine.ts',
    ['processMonitorMachine'],
    processMonitorMachine,
    'A unit’s processes, polled at a chosen interval with back-off, sorted and searched; ends a process.',
  ),
  entry(
    'unit-options',
    'processes/unit-options.machine.ts',
    ['unitOptionsMachine'],
    unitOptionsMachine,
    'The unit picker: searches units as you type and resolves a deep-linked unit’s name.',
  ),
  entry(
    'unit-detail',
    'service-units/unit-detail.machine.ts',
    ['unitDetailMachine'],
    unitDetailMachine,
    'The detail drawer of one unit; an unknown id lands in notFound.',
  ),
  entry(
    'capture',
    'screenshots/capture.machine.ts',
    ['createCaptureMachine', 'captureMachine'],
    captureMachine,
    'Capture now: requests a screenshot; the live screenshot.captured naming its command delivers it at once, one of the unit naming no command asks the status at once, else each poll asks, until it arrives, fails or times out.',
  ),
  entry(
    'screenshot-viewer',
    'screenshots/screenshot-viewer.machine.ts',
    ['createScreenshotViewerMachine'],
    createScreenshotViewerMachine<Screenshot>(),
    'The screenshot lightbox: browse, flag and delete screenshots; closes when the one shown is deleted elsewhere.',
  ),
  entry(
    'screenshots-screen',
    'screenshots/screenshots-screen.machine.ts',
    ['createScreenshotsScreenMachine'],
    createScreenshotsScreenMachine<Screenshot>(),
    'The screenshots screen: spawns the grid, the lightbox and capture now; hands the grid’s rows to the lightbox, reloads the grid after a save, delete or capture, and emits their outcomes.',
  ),
  entry(
    'mailbox',
    'email/mailbox.machine.ts',
    ['mailboxMachine'],
    mailboxMachine,
    'The mailbox: one folder or label, search, selection and bulk changes; spawns one actor per opened email.',
  ),
  entry(
    'email',
    'email/email.machine.ts',
    ['emailMachine'],
    emailMachine,
    'One opened email: read, star, labels with rollback when the server refuses, move.',
  ),
  entry('compose', 'email/compose.machine.ts', ['composeMachine'], composeMachine, 'The composer: validates, sends or saves a draft.'),
  entry(
    'todo-list',
    'todo/todo-list.machine.ts',
    ['todoListMachine'],
    todoListMachine,
    'The to-do list: load, filter, sort, search and add tasks; one actor per task.',
  ),
  entry('todo-task', 'todo/task.machine.ts', ['taskMachine'], todoTaskMachine, 'One to-do task: flags and draft saves with rollback.'),
  entry(
    'url-tester',
    'url-restrictions/url-tester.machine.ts',
    ['urlTesterMachine'],
    urlTesterMachine,
    'Test a URL against the organization’s current URL restrictions for a unit and time.',
  ),
  entry(
    'unit-enforcement',
    'url-restrictions/unit-enforcement.machine.ts',
    ['createUnitEnforcementMachine', 'unitEnforcementMachine'],
    unitEnforcementMachine,
    'How one unit enforces its URL rules, as the URL rules screen shows it: load, refresh, retry.',
  ),
  entry(
    'recording',
    'statecharts/recording.machine.ts',
    ['recordingMachine'],
    recordingMachine,
    'The machine explorer’s recorder: Record, each step and API call appended until Stop, a cap that says when it is reached.',
  ),
];
