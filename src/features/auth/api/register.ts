import { apiClient } from '@/lib/api-client';

export interface RegistrationInput {
  fullName: string;
  phoneNumber: string;
  email: string;
  password: string;
  rePassword: string;
}

/** `POST /api/UserProfile`: creates a role-4 account (application key, no bearer). */
export function registerAccount(input: RegistrationInput): Promise<unknown> {
  return apiClient.post('/api/UserProfile', input, { auth: 'appKey', skipRefresh: true, idempotent: true });
}
