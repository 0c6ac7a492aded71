import type { CaptureRequestRepository } from '../core/capture-requests';
import type { EnrolmentRepository } from '../core/agent-enrolments';
import type { CommandRepository } from '../core/commands';
import type { EventRepository } from '../core/events';
import type { ProcessRepository } from '../core/processes';
import type { ScreenshotRepository } from '../core/screenshots';
import type { ServiceUnitListRepository } from '../core/service-unit-list';
import type { ServiceUnitRepository, ServiceUnitRow } from '../core/service-units';
import type { ProcessRuleRepository } from '../core/process-rule-repository';
import type { TaskRepository } from '../core/todo-tasks';
import type { EmailRepository } from '../core/mailbox';
import type { DemoSeed } from '../core/mailbox-seed';
import type { UrlRuleRepository } from '../core/url-rules';
import type { AuditEntry, AuditLogRepository } from '../core/audit-list';
import type { OrganizationCountRepository } from '../core/organization-counts';
import type { OrganizationListRepository } from '../core/organization-list';
import type { OrganizationRepository, StoredOrganization } from '../core/organizations';
import type { SessionRepository } from '../core/sessions';
import type { SignInAttemptRepository } from '../core/sign-in-attempts';
import type { UserListRepository } from '../core/user-list';
import type { AdminUserRow, UserRepository } from '../core/users';
import type { IdempotencyEnv } from './idempotency';
import type { ProviderTokens } from './services/provider-tokens';

/**
 * What the API app is given (createApp(env)): every dependency of its routes and services, passed in,
 * never set on a module. The Node server gives its PostgreSQL repositories; the embedded backend the rows
 * Mirage keeps in the browser (mirage/api-app.ts).
 */
export interface ApiEnv {
  users: UserRepository<AdminUserRow>;
  userList: UserListRepository<Readonly<AdminUserRow>>;
  organizations: OrganizationRepository<StoredOrganization>;
  organizationList: OrganizationListRepository<StoredOrganization>;
  organizationCounts: OrganizationCountRepository;
  sessions: SessionRepository;
  signInAttempts: SignInAttemptRepository;
  audit: Pick<AuditLogRepository<AuditEntry>, 'append' | 'list'>;
  events: EventRepository;
  urlRules: UrlRuleRepository;
  units: ServiceUnitRepository<ServiceUnitRow>;
  unitList: ServiceUnitListRepository<Readonly<ServiceUnitRow>>;
  screenshots: ScreenshotRepository;
  processes: Pick<ProcessRepository, 'get' | 'running' | 'insert' | 'put' | 'removeOfUnit' | 'countEnded'>;
  commands: Pick<CommandRepository, 'get' | 'insert' | 'put' | 'pendingOf' | 'unfinishedOf' | 'removeOfUnit'>;
  enrolments: EnrolmentRepository;
  captureRequests: CaptureRequestRepository;
  processRules: ProcessRuleRepository;
  tasks: TaskRepository;
  emails: EmailRepository;
  /** What the data was seeded with: an account's mailbox starts with the demo's emails unless 'none'. */
  demoSeed: DemoSeed;
  idempotency: IdempotencyEnv;
  passwords: Passwords;
  now(): number;
  /**
   * Gives the runtime a turn during a long computation over every unit (the prediction of 10,000 units): the
   * page's frames and input in the browser, other requests on the server. Absent, such a loop runs to its end.
   */
  breathe?: () => Promise<void>;
  /**
   * A command was queued for this unit's agent: its held long poll (GET /api/agent/commands?wait=N) asks again
   * once the request commits, here and on the other instances (the browser's simulated agents look every tick).
   */
  wakeAgent(unitId: string): void;
  /** Someone reads this unit's processes: its simulated agent reports them every few seconds meanwhile (mirage/watched-units.ts). */
  noteProcessesWatched(unitId: string): void;
  /** The heartbeat interval, in seconds, an enrolled agent is told to keep (AGENT_HEARTBEAT_S; a unit may have its own). */
  agentHeartbeatS: number;
  /** How long an issued access token lasts, in seconds (a refresh issues the next). */
  tokenLifetimeS: number;
  /** The application key sign-in, registration and the forgotten-password request must send (`key` header). */
  appKey: string;
  /**
   * The browser's: reads what another tab stored before a sign-in (null: the accounts) or before a token this
   * tab does not know is judged. Absent on the server, whose instances share one database.
   */
  syncAuth?: (token: string | null) => Promise<void>;
  /** An identity provider whose access tokens are accepted (api/services/provider-tokens.ts), or null. */
  providerTokens: ProviderTokens | null;
}

/** An account as the API's rules read it (core/users.ts keeps the rest). */
export interface Account {
  id: string | number;
  username: string;
  email: string;
  displayName: string;
  fullName: string;
  about: string;
  phoneNumber: string;
  photoURL: string;
  roleId: 1 | 2 | 3 | 4;
  organizationId: string | number;
  salt: string;
  passwordHash: string;
  /** Raised by every change through the API (core/versions.ts); absent before versions: 1. */
  version?: number;
  updatedAt?: string;
  updatedBy?: string;
}

/** Password hashing (scrypt). The server runs it outside its transactions. */
export interface Passwords {
  verify(password: string, salt: string, stored: string): Promise<boolean>;
  derive(password: string): Promise<{ salt: string; passwordHash: string }>;
  /** What a check costs, for a sign-in name with no account: the answer's timing tells nobody which names exist. */
  spend(password: string): Promise<void>;
  /** Whether a hash that matched should be replaced (an older kind, or other parameters than today's). */
  needsRehash(stored: string): boolean;
}
