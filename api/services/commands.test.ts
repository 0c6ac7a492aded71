import { describe, expect, it } from 'vitest';
import type { CommandRecord, CommandRepository, NewCommand } from '../../core/commands';
import type { AuditEntry } from '../../core/audit-list';
import type { NewEvent } from '../../core/events';
import type { Account } from '../env';
import { issueCommand } from './commands';

/** A command a person issues is stored for the unit's agent, audited, and wakes that agent's held long poll. */

const caller: Account = {
  id: '4',
  username: 'user',
  email: 'user@acme.example',
  displayName: 'Ursula',
  fullName: 'Ursula User',
  about: '',
  phoneNumber: '',
  photoURL: '',
  roleId: 3,
  organizationId: '1',
  salt: '',
  passwordHash: '',
};

function fakeEnv() {
  const steps: string[] = [];
  const stored: CommandRecord[] = [];
  const audited: Omit<AuditEntry, 'id'>[] = [];
  return {
    steps,
    stored,
    audited,
    env: {
      commands: {
        get: (id: string) => Promise.resolve(stored.find((row) => row.id === id)),
        insert(command: NewCommand) {
          const row = { ...command, id: `c${stored.length + 1}` };
          stored.push(row);
          steps.push(`stored ${row.id}`);
          return Promise.resolve(row);
        },
        unfinishedOf: () => Promise.resolve([]),
        pendingOf: () => Promise.resolve([]),
        unitsWithPending: () => Promise.resolve(new Set<string>()),
        put: () => Promise.resolve(),
        removeFinishedBefore: () => Promise.resolve(0),
        removeOfUnit: () => Promise.resolve(),
      } satisfies CommandRepository,
      audit: {
        append(entry: Omit<AuditEntry, 'id'>) {
          audited.push(entry);
        },
        list: () => Promise.resolve({ rows: [], total: 0 }),
      },
      events: {
        append: (_event: NewEvent) => undefined,
        newestId: () => Promise.resolve(0),
        after: () => Promise.resolve([]),
        prune: () => Promise.resolve(0),
      },
      wakeAgent(unitId: string) {
        steps.push(`woke ${unitId}`);
      },
    },
  };
}

describe('issueCommand', () => {
  it('stores a pending command for the unit, audits it in the caller’s name, and then wakes that unit’s agent', async () => {
    const { env, steps, stored, audited } = fakeEnv();
    const now = Date.parse('2026-12-06T21:00:00.000Z');

    const command = await issueCommand(env, caller, now, {
      unit: { id: 33, organizationId: 1 },
      kind: 'endProcess',
      processId: '571',
      pid: 2709,
    });

    expect(command).toMatchObject({ serviceUnitId: '33', organizationId: '1', status: 'pending', pid: 2709, issuedBy: '4' });
    expect(stored).toHaveLength(1);
    expect(audited).toEqual([
      expect.objectContaining({ actorId: '4', resource: 'command', action: 'endProcess', recordId: 'c1', organizationId: '1' }),
    ]);
    // Woken once the command is stored (the wake takes effect when the request commits).
    expect(steps).toEqual(['stored c1', 'woke 33']);
  });
});
