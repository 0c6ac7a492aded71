import type { Command } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Asks the unit's agent to end the process: 202 with the command, pending until the agent reports the result. */
export function endProcess(processId: string): Promise<Command> {
  return apiClient.post<ApiResponse<'/api/processes/{id}/end', 'post'>>(`/api/processes/${encodeURIComponent(processId)}/end`);
}
