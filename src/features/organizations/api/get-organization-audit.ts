import type { Page } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { AuditEntry } from './types';

export function getOrganizationAudit(id: string, page = 1, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiClient.get<Page<AuditEntry>>(`/api/organizations/${encodeURIComponent(id)}/audit`, { query: { page, pageSize: 50 }, signal });
}
