import type { CaptureTicket } from '@machines/screenshots/capture.machine';
import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';
import type { ApiResponse } from '@/lib/api';

export function getCaptureRequest(ticketId: string, signal?: AbortSignal): Promise<CaptureTicket<ScreenshotItem>> {
  return apiClient.get<ApiResponse<'/api/capture-requests/{id}', 'get'>>(
    `/api/capture-requests/${encodeURIComponent(ticketId)}`,
    signal ? { signal } : {},
  );
}
