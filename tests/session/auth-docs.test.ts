import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toMermaid } from '@machines/session/mermaid';
import { sessionMachine } from '@machines/session/session.machine';

// Vitest runs from the repository root.
const DOC = resolve(process.cwd(), 'docs/auth.md');
const START = '<!-- session-diagram:start (generated from machines/session/session.machine.ts; UPDATE_DOCS=1 npx vitest run tests/session/auth-docs.test.ts) -->';
const END = '<!-- session-diagram:end -->';

describe('docs/auth.md', () => {
  const diagram = toMermaid(sessionMachine);

  it('the generated diagram shows every state and the refresh path', () => {
    for (const state of ['restoring', 'confirming', 'confirmFailed', 'signedOut', 'signingIn', 'signedIn', 'active', 'locked', 'locking', 'unlocking', 'refreshing', 'queued', 'signingOut']) {
      expect(diagram).toContain(`"${state}"`);
    }
    expect(diagram).toContain('signedIn --> refreshing: session.unauthorized');
    expect(diagram).toContain('refreshing --> signedIn_resume: done(refreshToken)');
    expect(diagram).toContain('refreshing --> signedOut: error(refreshToken)');
    expect(diagram).toContain('signedIn_active --> signedIn_locked_locking: after(idleTimeout) [isIdleLockEnabled]');
    // A restored session is confirmed by the server before it counts; a 423 is the lock screen, never a sign-out.
    expect(diagram).toContain('restoring --> confirming: always [isStoredSessionValid]');
    expect(diagram).toContain('confirming --> signedIn: done(fetchMe)');
    expect(diagram).toContain('confirming --> signedIn_locked: error(fetchMe) [isLockedError]');
    expect(diagram).toContain('confirming --> signedOut: error(fetchMe) [isUnauthorizedError]');
    expect(diagram).toContain('refreshing --> signedIn_locked: error(refreshToken) [isLockedError]');
    expect(diagram).toContain('signedIn_active --> signedIn_locked: session.server.locked');
  });

  it('embeds the current session statechart', () => {
    const block = `${START}\n\`\`\`mermaid\n${diagram}\n\`\`\`\n${END}`;
    const doc = readFileSync(DOC, 'utf8');
    if (process.env['UPDATE_DOCS'] === '1') {
      const start = doc.indexOf(START);
      const end = doc.indexOf(END);
      if (start >= 0 && end > start) writeFileSync(DOC, doc.slice(0, start) + block + doc.slice(end + END.length));
      return;
    }
    expect(doc).toContain(block);
  });
});
