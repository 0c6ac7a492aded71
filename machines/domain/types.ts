/**
 * The product's domain, shared by machines, views and (type-only) the Mirage backend.
 * Documented with its endpoints in docs/domain.md.
 */
export type Id = string;

export type OperatingSystem = 'windows' | 'macos' | 'linux';
export type UnitStatus = 'online' | 'offline' | 'maintenance';

export interface ServiceUnit {
  id: Id;
  organizationId: Id;
  name: string;
  hostname: string;
  ipAddress: string;
  operatingSystem: OperatingSystem;
  agentVersion: string;
  location: string;
  description: string;
  tags: string[];
  /** ISO date-time */
  lastSeenAt: string;
  maintenance: boolean;
  /** 0 = off, 1–1440 */
  screenshotIntervalMinutes: number;
  createdAt: string;
  updatedAt: string;
  /** Raised by every change made through the API (If-Match); absent on a record stored before versions: 1. */
  version?: number;
  /** Who made the last change through the API (display name), or absent. */
  updatedBy?: string;
  /** The unit's agent (null: none was ever enrolled); optional so older callers and rows need not name it. */
  agent?: UnitAgent | null;
}

/** What an agent last reported about its machine. */
export interface AgentSystem {
  hostname: string;
  /** The operating system's own name and release, e.g. `Debian GNU/Linux 12 (bookworm)` */
  osName: string;
  ipAddresses: string[];
  uptimeS: number;
  agentVersion: string;
}

export type AgentKind = 'simulated' | 'enrolled';

/** A unit's agent: `simulated` (demo data calling the same agent API) or `enrolled` (a real agent). */
export interface UnitAgent {
  kind: AgentKind;
  /** ISO date-time */
  enrolledAt: string;
  /** ISO date-time; set: the credential is refused */
  revokedAt: string | null;
  heartbeatIntervalS: number;
  system: AgentSystem | null;
  /** How the agent last reported enforcing the URL rules (null or absent: it never did). */
  urlPolicy?: AgentUrlPolicy | null;
}

/** What an agent's policy file is: in force, not writable, failed otherwise, or turned off (--no-url-policy). */
export type UrlPolicyState = 'written' | 'noPermission' | 'failed' | 'off';
export type UrlPolicyBrowser = 'chromium' | 'chrome' | 'firefox';
/** Why a rule cannot be a browser policy entry (core/url-policy.ts). */
export type UrlPolicyProblem = 'regex' | 'wildcardInHost' | 'subdomainsOnly' | 'wildcardInPath' | 'wildcardInScheme' | 'invalidPattern';

/** One enabled URL rule on a unit: in the policy, out of its window, or not expressible (with the reason). */
export interface UrlRuleEnforcement {
  ruleId: string;
  /** The rule's pattern as the agent enforces it. */
  pattern: string;
  status: 'enforced' | 'outOfSchedule' | 'notEnforceable';
  reason: UrlPolicyProblem | null;
}

/** How an agent enforces its unit's URL rules through the browsers' managed policies (AgentUrlPolicy). */
export interface AgentUrlPolicy {
  state: UrlPolicyState;
  /** ISO date-time; null before the first write */
  writtenAt: string | null;
  browsers: UrlPolicyBrowser[];
  message: string;
  rules: UrlRuleEnforcement[];
}

export type CommandKind = 'endProcess' | 'captureScreenshot';
export type CommandStatus = 'pending' | 'sent' | 'succeeded' | 'failed' | 'refused' | 'notSupported';
/** What an agent answers to a command. */
export type CommandResultStatus = 'succeeded' | 'failed' | 'refused' | 'notSupported';

/** A command a person sent to a unit's agent, and its result. */
export interface Command {
  id: Id;
  serviceUnitId: Id;
  kind: CommandKind;
  status: CommandStatus;
  processId: Id | null;
  pid: number | null;
  captureRequestId: Id | null;
  issuedAt: string;
  issuedBy: Id;
  finishedAt: string | null;
  message: string | null;
}

export type LiveEventType =
  | 'unit.created'
  | 'unit.changed'
  | 'unit.deleted'
  | 'unit.online'
  | 'unit.offline'
  | 'processes.changed'
  | 'screenshot.captured'
  | 'screenshot.changed'
  | 'command.finished'
  | 'user.changed'
  | 'organization.changed';

/** A unit as the API shows it: the stored fields and the derived status. */
export type ServiceUnitWithStatus = ServiceUnit & { status: UnitStatus; agent: UnitAgent | null };

/** What a LiveEvent carries, by type (docs/api/openapi.yaml, LiveEvent.data). */
export interface LiveEventData {
  'unit.created': { unit: ServiceUnitWithStatus };
  'unit.changed': { unit: ServiceUnitWithStatus };
  'unit.online': { unit: ServiceUnitWithStatus };
  'unit.offline': { unit: ServiceUnitWithStatus };
  'unit.deleted': Record<string, never>;
  'processes.changed': { running: number };
  /** `commandId`: the capture command the screenshot answers (null: none, e.g. the agent's own schedule). */
  'screenshot.captured': {
    screenshotId: Id;
    commandId: Id | null;
    /** The unit's name when it was captured (absent on older events). */ unitName?: string;
  };
  'screenshot.changed': { screenshotId: Id; change: 'updated' | 'deleted' };
  'command.finished': { command: Command };
  'user.changed': { change: 'created' | 'updated' | 'deleted' };
  'organization.changed': { change: 'created' | 'updated' | 'deleted' };
}

/** One live event (`GET /api/events`, `/api/events/recent`). */
export type LiveEvent = {
  [T in LiveEventType]: {
    /** Numeric string, increasing in commit order */
    id: string;
    type: T;
    /** ISO date-time */
    at: string;
    organizationId: Id | null;
    /** The unit, user, organization, screenshot or command the event is about */
    subjectId: Id;
    unitId: Id | null;
    data: LiveEventData[T];
  };
}[LiveEventType];

export type ProcessState = 'running' | 'ended';

export interface UnitProcess {
  id: Id;
  serviceUnitId: Id;
  name: string;
  pid: number;
  user: string;
  cpuPercent: number;
  memoryMb: number;
  startedAt: string;
  state: ProcessState;
}

export type RuleAction = 'allow' | 'block';

export interface ProcessRule {
  id: Id;
  serviceUnitId: Id;
  /** executable name, exact or with `*` */
  pattern: string;
  action: RuleAction;
  enabled: boolean;
  comment: string;
  createdAt: string;
  /** Raised by every change made through the API (If-Match); absent on a rule stored before versions: 1. */
  version?: number;
  /** When it last changed (its creation until a change); absent on a rule stored before: its `createdAt`. */
  updatedAt?: string;
  /** Who made the last change through the API; absent until one did. */
  updatedBy?: string;
}

export interface Screenshot {
  id: Id;
  serviceUnitId: Id;
  capturedAt: string;
  width: number;
  height: number;
  activeWindowTitle: string;
  processName: string;
  flagged: boolean;
  note: string;
  /** An agent uploaded the image (GET /api/screenshots/{id}/image) */
  hasImage?: boolean;
}

export type UrlMatchType = 'domain' | 'exact' | 'wildcard' | 'regex';
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type UrlRuleScope = { kind: 'all' } | { kind: 'units'; unitIds: Id[] };
export type UrlRuleSchedule = { kind: 'always' } | { kind: 'window'; days: Weekday[]; /** HH:mm */ from: string; /** HH:mm */ to: string };

export interface UrlRestriction {
  id: Id;
  organizationId: Id;
  scope: UrlRuleScope;
  pattern: string;
  matchType: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  schedule: UrlRuleSchedule;
  reason: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  /** Raised by every change made through the API (If-Match); absent on a rule stored before versions: 1. */
  version?: number;
}

/** A page of a server-side list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
