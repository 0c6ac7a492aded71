/**
 * The agent API's shapes (docs/api/openapi.yaml, schemas Agent*), written out here because agent/ imports
 * nothing of the app: it is a separate program that reaches the server over HTTP only.
 */

export type Platform = 'linux' | 'windows' | 'macos';

/** AgentReportedSystem: what a heartbeat and the enrolment say about this machine. */
export interface AgentReportedSystem {
  hostname: string;
  platform: Platform;
  osName: string;
  ipAddresses: string[];
  uptimeS: number;
  agentVersion: string;
}

export interface AgentCredential {
  unitId: string;
  organizationId: string;
  credential: string;
  heartbeatIntervalS: number;
}

export interface AgentHeartbeatAck {
  receivedAt: string;
  heartbeatIntervalS: number;
  pendingCommands: number;
}

export interface AgentProcess {
  pid: number;
  name: string;
  user: string;
  cpuPercent: number;
  memoryMb: number;
  startedAt: string | null;
}

export interface AgentProcessAck {
  running: number;
  started: number;
  ended: number;
}

export interface AgentScreenshot {
  unitId: string;
  commandId: string | null;
  capturedAt: string;
  width: number;
  height: number;
  activeWindowTitle: string;
  processName: string;
  contentType: 'image/png' | 'image/jpeg';
  data: string;
}

/** ProcessRule: the fields the agent reads (the contract has also serviceUnitId, comment, createdAt). */
export interface AgentProcessRule {
  id: string;
  /** An executable name, exact or with `*`. */
  pattern: string;
  action: 'allow' | 'block';
  enabled: boolean;
}

export interface AgentConfig {
  unitId: string;
  heartbeatIntervalS: number;
  /** The unit's process rules, enabled or not: the agent enforces them (agent/rules.ts). */
  processRules: AgentProcessRule[];
  /** UrlRestriction: the enabled ones that apply here. The agent only counts them (enforcing needs a browser extension or a proxy). */
  urlRules: unknown[];
}

export type CommandKind = 'endProcess' | 'captureScreenshot';

export interface AgentCommand {
  id: string;
  kind: CommandKind;
  pid: number | null;
  issuedAt: string;
}

export type CommandResultStatus = 'succeeded' | 'failed' | 'refused' | 'notSupported';

export interface AgentCommandResult {
  status: CommandResultStatus;
  message?: string;
}

/** The one error body of every endpoint. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
}
