import type { CaptureTicket } from '@machines/screenshots/capture.machine';
import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';

export function getCaptureRequest(ticketId: string, signal?: AbortSignal): Promise<CaptureTicket<ScreenshotItem>> {
  return apiClient.get<CaptureTicket<ScreenshotItem>>(`/api/capture-requests/${encodeURIComponent(ticketId)}`, signal ? { signal } : {});
}
