import { apiClient } from '@/lib/api-client';

/** The signed-in user as the server knows them (GET /api/me): the organization buttons are judged against. */
export interface Viewer {
  uid: string;
  defaultRoleId: number;
  organization: { id: string; name: string } | null;
}

export function getViewer(signal?: AbortSignal): Promise<Viewer> {
  return apiClient.get<Viewer>('/api/me', { signal });
}
