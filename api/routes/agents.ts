import { createEnrolment, readCommand, revokeUnitAgent } from '../services/agents';
import type { SignedInRoutes } from './types';

/** POST /api/agent-enrolments, DELETE /api/service-units/{id}/agent, GET /api/commands/{id}: HTTP in, the agents service, HTTP out. */

export const agentRoutes: SignedInRoutes = {
  createAgentEnrolment: ({ env, caller, request, text }) => createEnrolment(env, caller, request, text),
  revokeAgent: ({ env, caller, params }) => revokeUnitAgent(env, caller, params['id'] ?? ''),
  getCommand: ({ env, caller, params }) => readCommand(env, caller, params['id'] ?? ''),
};
