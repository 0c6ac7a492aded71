import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export type ScreenshotImageBody = ApiResponse<'/api/screenshots/{id}/image', 'get'>;

/** The image an agent uploaded for a screenshot (`hasImage`), base64; 404 when there is none. */
export function getScreenshotImage(screenshotId: string, signal?: AbortSignal): Promise<ScreenshotImageBody> {
  return apiClient.get<ScreenshotImageBody>(`/api/screenshots/${encodeURIComponent(screenshotId)}/image`, signal ? { signal } : {});
}
