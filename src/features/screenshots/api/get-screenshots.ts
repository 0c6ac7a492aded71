import type { ListQuery } from '@machines/list/list.machine';
import type { Page } from '@machines/domain/types';
import { apiClient, type QueryValue } from '@/lib/api-client';
import type { ScreenshotItem } from './types';
import type { ApiResponse } from '@/lib/api';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function getScreenshots(query: ListQuery, signal?: AbortSignal): Promise<Page<ScreenshotItem>> {
  const params: Record<string, QueryValue> = {
    page: query.page,
    pageSize: query.pageSize,
    sort: 'capturedAt',
    order: query.sort?.direction ?? 'desc',
    unitId: one(query.filters['unit']),
    from: one(query.filters['from']),
    to: one(query.filters['to']),
    flagged: one(query.filters['flagged']),
  };
  return apiClient.get<ApiResponse<'/api/screenshots', 'get'>>('/api/screenshots', { query: params, ...(signal ? { signal } : {}) });
}
