import type { AgentSecretRepository } from '../core/agent-secrets';
import type { AuditLogRepository } from '../core/audit-list';
import type { CaptureRequestRepository } from '../core/capture-requests';
import type { CommandRepository } from '../core/commands';
import type { EnrolmentRepository } from '../core/agent-enrolments';
import type { EventRepository } from '../core/events';
import type { IdempotencyRepository } from '../core/idempotency';
import type { EmailRepository } from '../core/mailbox';
import type { OrganizationCountRepository } from '../core/organization-counts';
import type { OrganizationListRepository } from '../core/organization-list';
import type { OrganizationRepository } from '../core/organizations';
import type { ProcessRuleRepository } from '../core/process-rule-repository';
import type { ProcessRepository } from '../core/processes';
import type { ScreenshotRepository } from '../core/screenshots';
import type { ServiceUnitListRepository } from '../core/service-unit-list';
import type { ServiceUnitRepository } from '../core/service-units';
import type { SessionRepository } from '../core/sessions';
import type { SignInAttemptRepository } from '../core/sign-in-attempts';
import type { TaskRepository } from '../core/todo-tasks';
import type { UrlRuleRepository } from '../core/url-rules';
import type { UserListRepository } from '../core/user-list';
import type { UserRepository } from '../core/users';
import type { AuditRow } from './domains/audit';
import type { StoredOrg } from './organization-store';
import type { ServiceUnitRow } from './unit-store';
import type { AdminUserRow } from './user-store';

/**
 * Every collection's repository, as one typed record: the server builds it from its PostgreSQL ones, all of
 * them (server/backend.ts), so a collection left out is a type error; the start-up repairs and the simulated
 * agents take it. The embedded backend's are each module's `memory…` over the rows in memory.
 */
export interface Repositories {
  units: ServiceUnitRepository<ServiceUnitRow>;
  unitList: ServiceUnitListRepository<Readonly<ServiceUnitRow>>;
  organizations: OrganizationRepository<StoredOrg>;
  organizationList: OrganizationListRepository<StoredOrg>;
  organizationCounts: OrganizationCountRepository;
  users: UserRepository<AdminUserRow>;
  userList: UserListRepository<Readonly<AdminUserRow>>;
  sessions: SessionRepository;
  signInAttempts: SignInAttemptRepository;
  idempotencyKeys: IdempotencyRepository;
  screenshots: ScreenshotRepository;
  processes: ProcessRepository;
  processRules: ProcessRuleRepository;
  urlRules: UrlRuleRepository;
  commands: CommandRepository;
  captureRequests: CaptureRequestRepository;
  enrolments: EnrolmentRepository;
  agentSecrets: AgentSecretRepository;
  events: EventRepository;
  auditLog: AuditLogRepository<Readonly<AuditRow>>;
  tasks: TaskRepository;
  emails: EmailRepository;
}
