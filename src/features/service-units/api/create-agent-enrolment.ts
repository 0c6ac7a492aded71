import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export type AgentEnrolment = ApiResponse<'/api/agent-enrolments', 'post'>;

/** A one-use enrolment token for the caller's organization, valid 24 hours; shown once (only its hash is stored). */
export function createAgentEnrolment(): Promise<AgentEnrolment> {
  return apiClient.post<AgentEnrolment>('/api/agent-enrolments');
}
