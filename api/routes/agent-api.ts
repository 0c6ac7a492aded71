import {
  agentConfig,
  commandResult,
  enrol,
  fetchCommands,
  heartbeat,
  otherUnit,
  reportProcesses,
  uploadScreenshot,
  type AgentUnit,
} from '../services/agent-api';
import type { AgentRoutes, PublicRoutes } from './types';

/** The agent API (`/api/agent/...`): HTTP in, the agent API's service, HTTP out. The app checks the credential first. */

const ownUnit = (body: unknown, unit: AgentUnit, then: () => Promise<Response>): Promise<Response> => {
  const refused = otherUnit(body, unit);
  return refused ? Promise.resolve(refused) : then();
};

export const agentEnrolRoutes: PublicRoutes = {
  agentEnrol: ({ env, body }) => enrol(env, body),
};

export const agentApiRoutes: AgentRoutes = {
  // A write names its unit: another than the credential's is refused (403 otherUnit) before the body is read.
  agentHeartbeat: ({ env, unit, body }) => ownUnit(body, unit, () => heartbeat(env, unit, body)),
  agentReportProcesses: ({ env, unit, body }) => ownUnit(body, unit, () => reportProcesses(env, unit, body)),
  agentUploadScreenshot: ({ env, unit, body }) => ownUnit(body, unit, () => uploadScreenshot(env, unit, body)),
  agentConfig: ({ env, unit }) => agentConfig(env, unit),
  agentCommands: ({ env, unit, request }) => fetchCommands(env, unit, new URL(request.url).searchParams.get('wait')),
  agentCommandResult: ({ env, unit, params, body }) => commandResult(env, unit, params['id'] ?? '', body),
};
