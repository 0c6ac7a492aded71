import type { Page } from '@machines/domain/types';
import type { AuditEntry } from '@/components/audit-trail';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getUserAudit(id: string, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiClient.get<ApiResponse<'/api/users/{id}/audit', 'get'>>(`/api/users/${encodeURIComponent(id)}/audit`, {
    query: { page: 1, pageSize: 50 },
    signal,
  });
}
