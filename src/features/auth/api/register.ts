import { apiClient } from '@/lib/api-client';
import type { ApiResponse, ApiSchema } from '@/lib/api';

/** The registration form's values: the contract's `RegistrationRequest`, every field filled. */
export type RegistrationInput = Required<ApiSchema<'RegistrationRequest'>>;

/** `POST /api/UserProfile`: creates a role-4 account (application key, no bearer). */
export function registerAccount(input: RegistrationInput): Promise<ApiResponse<'/api/UserProfile', 'post'>> {
  return apiClient.post<ApiResponse<'/api/UserProfile', 'post'>>('/api/UserProfile', input, {
    auth: 'appKey',
    skipRefresh: true,
    idempotent: true,
  });
}
