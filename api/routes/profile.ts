import { versionOf } from '../../core/versions';
import { changedElsewhere, noContent, problem, versioned } from '../http';
import { changePassword, profileOf, updateProfile, type ProfileResult } from '../services/profile';
import type { SignedInRoutes } from './types';

/** GET and PUT /api/me/profile, POST /api/me/password (docs/api/openapi.yaml): HTTP in, the profile service's rules, HTTP out. */

function answer(result: ProfileResult): Response {
  switch (result.kind) {
    case 'profile':
      return versioned(200, result.profile, result.profile.version ?? 1);
    case 'stale':
      return changedElsewhere(result.current, result.current.version ?? 1);
    case 'invalid':
      return problem(422, result.message, { errors: result.errors });
    case 'done':
      return noContent();
  }
}

export const profileRoutes: SignedInRoutes = {
  getProfile: async ({ env, caller }) => versioned(200, await profileOf(env, caller), versionOf(caller)),
  updateProfile: async ({ env, caller, body, request }) =>
    answer(await updateProfile(env, caller, body, request.headers.get('If-Match') ?? undefined)),
  changePassword: async ({ env, caller, body }) => answer(await changePassword(env, caller, body)),
};
