import type { AgentUrlPolicy } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** A unit as the enforcement overview needs it: its name and its agent's last URL policy report. */
export interface UnitPolicy {
  id: string;
  name: string;
  /** Whether an agent (not revoked) reports for it: without one its URL rules are not enforced. */
  hasAgent: boolean;
  policy: AgentUrlPolicy | null;
}

export interface UnitsEnforcement {
  units: UnitPolicy[];
  /** All units of the organization; more than `units.length` when the overview stopped at MAX_PAGES. */
  total: number;
}

const PAGE_SIZE = 100;
/** 2,000 units at most: the overview is read in one go, not paged. */
const MAX_PAGES = 20;

/** Every unit of the organization with its agent's URL policy report (the heartbeat's `urlPolicy`), page by page. */
export async function getUnitsEnforcement(signal?: AbortSignal): Promise<UnitsEnforcement> {
  const units: UnitPolicy[] = [];
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await apiClient.get<ApiResponse<'/api/service-units', 'get'>>('/api/service-units', {
      query: { page, pageSize: PAGE_SIZE, sort: 'name', order: 'asc' },
      signal,
    });
    total = answer.total;
    for (const unit of answer.items) {
      const agent = unit.agent ?? null;
      const hasAgent = agent !== null && agent.revokedAt === null;
      units.push({ id: unit.id, name: unit.name, hasAgent, policy: hasAgent ? (agent.urlPolicy ?? null) : null });
    }
    if (units.length >= total || answer.items.length === 0) break;
  }
  return { units, total };
}
