import { versionOf } from '../../core/versions';
import { ifMatchOf, versioned } from '../http';
import { answerChange } from '../results';
import { changePassword, profileOf, updateProfile } from '../services/profile';
import type { SignedInRoutes } from './types';

/** GET and PUT /api/me/profile, POST /api/me/password (docs/api/openapi.yaml): HTTP in, the profile service's rules, HTTP out. */

export const profileRoutes: SignedInRoutes = {
  getProfile: async ({ env, caller }) => versioned(200, await profileOf(env, caller), versionOf(caller)),
  updateProfile: async ({ env, caller, body, request }) => answerChange(await updateProfile(env, caller, body, ifMatchOf(request))),
  changePassword: async ({ env, caller, body }) => answerChange(await changePassword(env, caller, body)),
};
