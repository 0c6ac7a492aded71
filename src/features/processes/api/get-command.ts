import type { Command } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** A command sent to a unit's agent, with its result once the agent reported it. */
export function getCommand(commandId: string, signal?: AbortSignal): Promise<Command> {
  return apiClient.get<ApiResponse<'/api/commands/{id}', 'get'>>(
    `/api/commands/${encodeURIComponent(commandId)}`,
    signal ? { signal } : {},
  );
}
