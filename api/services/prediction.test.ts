import { describe, expect, it } from 'vitest';
import type { ServiceUnitRow } from '../../core/service-units';
import type { StoredOrganization } from '../../core/organizations';
import { newUnitRecord } from '../../core/unit-input';
import type { ApiEnv } from '../env';
import { highestRisk, unitsOnlineTrend } from './prediction';

/**
 * A computation over every unit (the dashboard's riskiest units and its trend) gives the runtime a turn between units
 * through env.breathe, so the page paints and the server answers other requests meanwhile, and answers what it would
 * answer in one go.
 */

const NOW = Date.parse('2026-12-02T12:00:00.000Z');
const unit = (n: number): ServiceUnitRow => ({
  id: String(n),
  ...newUnitRecord(
    {
      organizationId: n % 2 === 0 ? '1' : '2',
      name: `Unit ${n}`,
      hostname: `unit-${n}.test`,
      ipAddress: '10.0.0.1',
      operatingSystem: 'linux',
      agentVersion: '4.2.1',
    },
    '2026-10-01T09:00:00.000Z',
  ),
  // Every third unit stopped reporting a day ago.
  lastSeenAt: new Date(NOW - (n % 3 === 0 ? 86_400_000 : 10_000)).toISOString(),
});
const UNITS = Array.from({ length: 24 }, (_, i) => unit(i + 1));
const ORGANIZATIONS = [
  { id: '1', name: 'Acme' },
  { id: '2', name: 'Globex' },
] as StoredOrganization[];

function envWith(breathe?: () => Promise<void>): ApiEnv {
  const env: Pick<ApiEnv, 'units' | 'organizations' | 'now' | 'breathe'> = {
    units: { inScope: () => Promise.resolve(UNITS) } as Pick<ApiEnv['units'], 'inScope'> as ApiEnv['units'],
    organizations: { all: () => Promise.resolve(ORGANIZATIONS) } as Pick<ApiEnv['organizations'], 'all'> as ApiEnv['organizations'],
    now: () => NOW,
    ...(breathe ? { breathe } : {}),
  };
  return env as ApiEnv;
}

describe('predictions over every unit', () => {
  it('give the runtime a turn before each unit they compute, none for a unit they remember, and answer as in one go', async () => {
    let turns = 0;
    const sliced = envWith(() => {
      turns += 1;
      return Promise.resolve();
    });
    const whole = envWith();

    const riskiest = await highestRisk(sliced, 5);
    expect(turns).toBe(UNITS.length);
    expect(riskiest).toEqual(await highestRisk(whole, 5));
    expect(riskiest).toHaveLength(5);

    // The same day and heartbeat state: remembered, no unit computed again.
    await highestRisk(sliced, 5);
    expect(turns).toBe(UNITS.length);

    const trend = await unitsOnlineTrend(sliced, 30);
    expect(turns).toBe(2 * UNITS.length);
    expect(trend).toEqual(await unitsOnlineTrend(whole, 30));
    expect(trend.at(-1)).toMatchObject({ date: '2026-12-02', total: UNITS.length });
  });
});
