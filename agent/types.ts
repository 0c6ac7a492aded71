/**
 * The agent API's shapes, as the contract (docs/api/openapi.yaml) defines them: the types generated from it
 * (npm run api:types), imported as types only, so nothing of the app runs in the agent (it reaches the
 * server over HTTP only) and a change of the contract that the agent does not follow fails to compile.
 */
import type { components } from '../src/lib/api/schema';

type Schemas = components['schemas'];

export type Platform = Schemas['OperatingSystem'];
/** What a heartbeat and the enrolment say about this machine. */
export type AgentReportedSystem = Schemas['AgentReportedSystem'];
export type AgentCredential = Schemas['AgentCredential'];
export type AgentHeartbeatAck = Schemas['AgentHeartbeatAck'];
/** How the agent enforces the URL rules, sent with each heartbeat. */
export type AgentUrlPolicy = Schemas['AgentUrlPolicy'];
export type AgentProcess = Schemas['AgentProcess'];
export type AgentProcessAck = Schemas['AgentProcessAck'];
export type AgentScreenshot = Schemas['AgentScreenshot'];
/** A process rule, as far as the agent reads it (the contract's ProcessRule has also its unit, comment, dates). */
export type AgentProcessRule = Pick<Schemas['ProcessRule'], 'id' | 'pattern' | 'action' | 'enabled'>;
/** The unit's configuration; the agent reads each URL rule as far as it knows its shape (agent/url-policy.ts). */
export type AgentConfig = Omit<Schemas['AgentConfig'], 'processRules' | 'urlRules'> & {
  processRules: AgentProcessRule[];
  urlRules: unknown[];
};
export type AgentCommand = Schemas['AgentCommand'];
/** The commands' long poll answer: the pending commands and the unit's config version. */
export type AgentCommandList = Schemas['AgentCommandList'];
export type AgentCommandResult = Schemas['AgentCommandResult'];
/** The one error body of every endpoint. */
export type ApiErrorBody = Pick<Schemas['Error'], 'message' | 'code' | 'errors'>;
