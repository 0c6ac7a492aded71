/**
 * Requests are checked against docs/api/openapi.yaml before any domain rule runs (issue 22 §2), by the
 * validators generated from it (mirage/contract/). Both backends run this gate; the contract suite drives
 * every operation through it (tests/contract/support/contract-suite.ts), these tests show what a caller sees.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import { describeIssues, guardRoutesWithContract } from '@mirage/contract/gate';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

let server: Server;
afterEach(() => server.shutdown());

const start = async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  return signInAs('user');
};

const unit = {
  name: 'Gate 1',
  hostname: 'gate-1.acme.example',
  ipAddress: '10.0.0.9',
  operatingSystem: 'linux',
  location: 'Lab',
  description: '',
  tags: [],
  maintenance: false,
  screenshotIntervalMinutes: 15,
};

describe('the contract in front of the domains', () => {
  it('refuses a field of the wrong kind with 422 before the endpoint runs, naming it with a code the forms translate, and stores nothing', async () => {
    const session = await start();
    const units = table(server.db, 'serviceUnits');
    const before = units.count();

    const answer = await session.request<{ code: string; errors: Record<string, string>; message: string }>('POST', '/api/service-units', {
      ...unit,
      name: 42,
      maintenance: 'yes',
      tags: 'kiosk',
    });

    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('invalidBody');
    expect(answer.body.errors).toEqual({ name: 'invalidType', maintenance: 'invalidType', tags: 'invalidType' });
    expect(answer.body.message).toMatch(/does not match the API contract/);
    expect(units.count()).toBe(before);
  });

  it('leaves values (lengths, ranges, allowed values) to the endpoint, whose 422 names each field with its own code', async () => {
    const session = await start();
    const units = table(server.db, 'serviceUnits');
    const before = units.count();
    const answer = await session.request<{ errors: Record<string, string> }>('POST', '/api/service-units', {
      ...unit,
      name: 'x'.repeat(81),
      operatingSystem: 'beos',
      screenshotIntervalMinutes: 5000,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      name: 'tooLong',
      operatingSystem: expect.any(String) as unknown,
      screenshotIntervalMinutes: expect.any(String) as unknown,
    });
    expect(units.count()).toBe(before);
  });

  it('names a nested field by its dotted path', async () => {
    const session = await start();
    const answer = await session.request<{ errors: Record<string, string> }>('POST', '/api/url-restrictions', {
      pattern: 'example.com',
      matchType: 'domain',
      action: 'block',
      enabled: true,
      scope: { kind: 'units', unitIds: [33, 34] },
      schedule: { kind: 'always' },
      reason: '',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ 'scope.unitIds.0': 'invalidType', 'scope.unitIds.1': 'invalidType' });
  });

  it('answers 400 for a body that is not JSON or not an object, before the handler reads it', async () => {
    const session = await start();
    const notJson = await fetch('/api/service-units', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The body is not valid JSON', code: 'invalidJson' });
    const array = await session.request<{ code: string }>('POST', '/api/service-units', [unit]);
    expect(array.status).toBe(400);
    expect(array.body.code).toBe('invalidBody');
  });

  it('checks the caller first: an anonymous request with a bad body gets 401 and learns nothing of the schema', async () => {
    await start();
    const response = await fetch('/api/service-units', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(response.status).toBe(401);
  });

  it('refuses query parameters outside their schema with 400, and takes what the app sends (comma lists)', async () => {
    const session = await start();
    const tooBig = await session.request<{ code: string; errors: Record<string, string> }>('GET', '/api/service-units?pageSize=500');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 'invalidParameter', errors: { pageSize: 'outOfRange' } });

    const sort = await session.request<{ errors: Record<string, string> }>('GET', '/api/service-units?sort=password');
    expect(sort.status).toBe(400);
    expect(sort.body.errors).toEqual({ sort: 'invalidValue' });

    const status = await session.request<{ errors: Record<string, string> }>('GET', '/api/service-units?status=online,asleep');
    expect(status.status).toBe(400);
    expect(status.body.errors).toEqual({ status: 'invalidValue' });

    const fine = await session.request<{ items: { status: string }[] }>(
      'GET',
      '/api/service-units?status=online,offline&status=maintenance&pageSize=100&page=1',
    );
    expect(fine.status).toBe(200);
    expect(fine.body.items.length).toBeGreaterThan(0);
  });

  it('refuses to register a product route that is no operation of the contract (the start fails)', async () => {
    await start();
    const unguard = guardRoutesWithContract(server);
    expect(() => server.post('/api/units-without-contract', () => ({}))).toThrow(/no operation of docs\/api\/openapi\.yaml/);
    expect(() => server.get('/api/service-units/:id', () => ({}))).not.toThrow();
    unguard();
  });
});

describe('describeIssues', () => {
  it('keeps the first problem of each field and names missing and nested fields', () => {
    const { errors, summary } = describeIssues([
      { instancePath: '', keyword: 'required', params: { missingProperty: 'name' }, message: "must have required property 'name'" },
      {
        instancePath: '/system/ipAddresses/2',
        keyword: 'maxLength',
        params: { limit: 45 },
        message: 'must NOT have more than 45 characters',
      },
      { instancePath: '/system/ipAddresses/2', keyword: 'pattern', params: {}, message: 'must match pattern' },
      { instancePath: '/a~1b', keyword: 'type', params: { type: 'string' }, message: 'must be string' },
    ]);
    expect(errors).toEqual({ name: 'required', 'system.ipAddresses.2': 'tooLong', 'a/b': 'invalidType' });
    expect(summary).toBe(
      "name must have required property 'name'; system.ipAddresses.2 must NOT have more than 45 characters; a/b must be string",
    );
  });
});
