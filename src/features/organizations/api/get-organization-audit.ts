import type { Page } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { AuditEntry } from './types';
import type { ApiResponse } from '@/lib/api';

export function getOrganizationAudit(id: string, page = 1, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiClient.get<ApiResponse<'/api/organizations/{id}/audit', 'get'>>(`/api/organizations/${encodeURIComponent(id)}/audit`, {
    query: { page, pageSize: 50 },
    signal,
  });
}
