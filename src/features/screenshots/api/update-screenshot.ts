import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';
import type { ApiResponse } from '@/lib/api';

export function updateScreenshot(id: string, patch: { flagged: boolean; note: string }): Promise<ScreenshotItem> {
  return apiClient.patch<ApiResponse<'/api/screenshots/{id}', 'patch'>>(`/api/screenshots/${encodeURIComponent(id)}`, patch);
}
