import type { CaptureTicket } from '@machines/screenshots/capture.machine';
import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';

export function requestCapture(unitId: string): Promise<CaptureTicket<ScreenshotItem>> {
  return apiClient.post<CaptureTicket<ScreenshotItem>>(`/api/service-units/${encodeURIComponent(unitId)}/capture`);
}
