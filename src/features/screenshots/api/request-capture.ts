import type { CaptureTicket } from '@machines/screenshots/capture.machine';
import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';
import type { ApiResponse } from '@/lib/api';

export function requestCapture(unitId: string): Promise<CaptureTicket<ScreenshotItem>> {
  return apiClient.post<ApiResponse<'/api/service-units/{id}/capture', 'post'>>(`/api/service-units/${encodeURIComponent(unitId)}/capture`);
}
