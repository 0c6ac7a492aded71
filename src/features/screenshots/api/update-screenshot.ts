import { apiClient } from '@/lib/api-client';
import type { ScreenshotItem } from './types';

export function updateScreenshot(id: string, patch: { flagged: boolean; note: string }): Promise<ScreenshotItem> {
  return apiClient.patch<ScreenshotItem>(`/api/screenshots/${encodeURIComponent(id)}`, patch);
}
