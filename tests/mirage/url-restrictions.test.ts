import { afterEach, describe, expect, it } from 'vitest';
import type { Page, UrlRestriction } from '@machines/domain/types';
import { decideUrl } from '@machines/url-restrictions/url-matcher';
import { makeServer, type Server } from '@mirage/server';
import { re2Engine } from '@/lib/regex-engine';
import { signInAs } from './monitoring-helpers';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

async function start() {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  return signInAs('user');
}

const rule = {
  pattern: 'example.org',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  scope: { kind: 'all' },
  schedule: { kind: 'always' },
  reason: 'Test',
};

type Errors = { errors: Record<string, string> };

describe('URL restrictions API', () => {
  it('lists about 15 rules of the own organization, newest change first', async () => {
    const user = await start();
    const list = await user.request<Page<UrlRestriction>>('GET', '/api/url-restrictions?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(14);
    expect(list.body.items.every((r) => r.organizationId === '1')).toBe(true);
    const dates = list.body.items.map((r) => r.updatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = await user.request<{ items: UrlRestriction[] }>('GET', '/api/url-restrictions/all');
    expect(all.body.items).toHaveLength(list.body.total);
  });

  it('filters by action and by the unit a rule applies to', async () => {
    const user = await start();
    const blocks = await user.request<Page<UrlRestriction>>('GET', '/api/url-restrictions?pageSize=100&action=block');
    expect(blocks.body.items.every((r) => r.action === 'block')).toBe(true);
    const all = await user.request<{ items: UrlRestriction[] }>('GET', '/api/url-restrictions/all');
    const scoped = all.body.items.find((r) => r.scope.kind === 'units');
    const unitId = scoped?.scope.kind === 'units' ? scoped.scope.unitIds[0] : undefined;
    expect(unitId).toBeDefined();
    const forUnit = await user.request<Page<UrlRestriction>>('GET', `/api/url-restrictions?pageSize=100&unit=${unitId}`);
    expect(forUnit.body.items.map((r) => r.id)).toContain(scoped?.id);
    expect(forUnit.body.items.every((r) => r.scope.kind === 'all' || r.scope.unitIds.includes(unitId ?? ''))).toBe(true);
  });

  it('creates, updates (enable toggle) and deletes a rule, recording who changed it', async () => {
    const user = await start();
    const created = await user.request<UrlRestriction>('POST', '/api/url-restrictions', rule);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...rule, organizationId: '1', updatedBy: 'Ulysses User' });
    const updated = await user.request<UrlRestriction>('PUT', `/api/url-restrictions/${created.body.id}`, { ...rule, enabled: false });
    expect(updated.body.enabled).toBe(false);
    expect((await user.request('DELETE', `/api/url-restrictions/${created.body.id}`)).status).toBe(204);
    expect((await user.request('GET', `/api/url-restrictions/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    [{ matchType: 'domain', pattern: 'https://example.org/x' }, 'pattern', 'invalidDomain'],
    [{ matchType: 'domain', pattern: 'not a domain' }, 'pattern', 'invalidDomain'],
    [{ matchType: 'regex', pattern: '([a-z' }, 'pattern', 'invalidRegex'],
    [{ matchType: 'regex', pattern: '^https://(\\w+)\\.example/\\1' }, 'pattern', 'unsupportedRegex'],
    [{ matchType: 'regex', pattern: '^(?=.*admin).*$' }, 'pattern', 'unsupportedRegex'],
    [{ matchType: 'regex', pattern: '[a-z]{1000}' }, 'pattern', 'regexTooComplex'],
    [{ matchType: 'regex', pattern: `^${'a'.repeat(501)}` }, 'pattern', 'tooLong'],
    [{ matchType: 'exact', pattern: 'ftp://example.org/file' }, 'pattern', 'invalidUrl'],
    [{ matchType: 'exact', pattern: 'http://' }, 'pattern', 'invalidUrl'],
    [{ matchType: 'wildcard', pattern: '* .example.org' }, 'pattern', 'invalidWildcard'],
    [{ pattern: '' }, 'pattern', 'required'],
    [{ scope: { kind: 'units', unitIds: [] } }, 'unitIds', 'required'],
    [{ schedule: { kind: 'window', days: [], from: '09:00', to: '17:00' } }, 'days', 'required'],
    [{ schedule: { kind: 'window', days: [1], from: '9am', to: '17:00' } }, 'from', 'invalidTime'],
    [{ schedule: { kind: 'window', days: [1], from: '09:00', to: '09:00' } }, 'to', 'sameTime'],
  ])('refuses %j with a field error', async (patch, field, code) => {
    const user = await start();
    const response = await user.request<Errors>('POST', '/api/url-restrictions', { ...rule, ...patch });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toBe(code);
  });

  it('accepts valid patterns of every type', async () => {
    const user = await start();
    for (const [matchType, pattern] of [
      ['exact', 'https://example.org/a?b=1'],
      ['exact', 'example.org/path'],
      ['wildcard', '*.example.org/*'],
      ['regex', '^https://(www\\.)?example\\.org/'],
    ]) {
      const response = await user.request('POST', '/api/url-restrictions', { ...rule, matchType, pattern });
      expect(response.status, `${matchType} ${pattern}`).toBe(201);
    }
  });

  it('stores the pathological rules of issue 8 and the tester decides them on a 10 kB URL (linear engines)', async () => {
    const user = await start();
    const regex = await user.request<UrlRestriction>('POST', '/api/url-restrictions', {
      ...rule,
      matchType: 'regex',
      pattern: '^https://x\\.example/(a+)+$',
    });
    const wildcard = await user.request<UrlRestriction>('POST', '/api/url-restrictions', {
      ...rule,
      matchType: 'wildcard',
      pattern: '*a*a*a*a*a*a*a*a*a*a*b',
    });
    expect([regex.status, wildcard.status]).toEqual([201, 201]);
    const all = await user.request<{ items: UrlRestriction[] }>('GET', '/api/url-restrictions/all');
    const mine = all.body.items.filter((r) => r.id === regex.body.id || r.id === wildcard.body.id);
    const at = new Date(2026, 4, 4, 10, 30);
    // Before the fix each of these took from 18 s to "never" in the browser; RE2 and the glob are linear.
    expect(decideUrl(mine, `https://x.example/${'a'.repeat(10_000)}`, null, at, re2Engine).rule?.id).toBe(regex.body.id);
    const miss = decideUrl(mine, `https://x.example/${'a'.repeat(10_000)}!`, null, at, re2Engine);
    expect(miss.reason).toBe('noMatchingRule');
    expect(decideUrl(mine, `https://x.example/${'a'.repeat(10_000)}!b`, null, at, re2Engine).rule?.id).toBe(wildcard.body.id);
  });

  it('refuses a rule identical in pattern, type and scope with a field error on the pattern', async () => {
    const user = await start();
    await user.request('POST', '/api/url-restrictions', rule);
    const dup = await user.request<Errors>('POST', '/api/url-restrictions', { ...rule, pattern: 'EXAMPLE.org', action: 'allow' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors['pattern']).toBe('duplicateRule');
    // another scope is another rule
    const units = await user.request<Page<{ id: string }>>('GET', '/api/service-units?pageSize=1');
    const scoped = await user.request('POST', '/api/url-restrictions', {
      ...rule,
      scope: { kind: 'units', unitIds: [units.body.items[0]?.id] },
    });
    expect(scoped.status).toBe(201);
  });

  it('another organization’s rule is 404, and its units cannot be put in a scope', async () => {
    const user = await start();
    const globex = await signInAs('globex');
    const theirs = await globex.request<Page<UrlRestriction>>('GET', '/api/url-restrictions?pageSize=1');
    const id = theirs.body.items[0]?.id ?? '';
    expect((await user.request('GET', `/api/url-restrictions/${id}`)).status).toBe(404);
    expect((await user.request('PUT', `/api/url-restrictions/${id}`, rule)).status).toBe(404);
    expect((await user.request('DELETE', `/api/url-restrictions/${id}`)).status).toBe(404);
    const theirUnits = await globex.request<Page<{ id: string }>>('GET', '/api/service-units?pageSize=1');
    const response = await user.request<Errors>('POST', '/api/url-restrictions', {
      ...rule,
      scope: { kind: 'units', unitIds: [theirUnits.body.items[0]?.id] },
    });
    expect(response.body.errors['unitIds']).toBe('unknownUnit');
  });
});
