import { json } from '../http';
import { idempotent } from '../idempotency';
import { endProcess, unitProcesses } from '../services/processes';
import type { SignedInRoutes } from './types';

/** A unit's processes (docs/api/openapi.yaml): HTTP in, the processes service's rules, HTTP out. */

export const processRoutes: SignedInRoutes = {
  getProcesses: async ({ env, caller, request, params }) => {
    const query = new URL(request.url).searchParams;
    const found = await unitProcesses(env, caller, params['id'] ?? '', {
      search: query.get('search') ?? '',
      sort: query.get('sort') ?? 'cpuPercent',
      ascending: query.get('order') === 'asc',
    });
    return found.ok ? json(200, found.row) : found.response;
  },
  // 202: the command waits for the unit's agent, which ends the process and reports it. An Idempotency-Key sent
  // again replays the first answer instead of a second command.
  endProcess: async ({ env, caller, text, request, params }) =>
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () => {
      const found = await endProcess(env, caller, params['id'] ?? '');
      return found.ok ? json(202, found.row) : found.response;
    }),
};
