import { describe, expect, it } from 'vitest';
import { decideIdempotency, IDEMPOTENCY_TTL_MS, isExpired, isKeptAnswer, readIdempotencyKey, requestFingerprint } from './idempotency';

const kept = (fingerprint: string) => ({ owner: '7', key: 'k', fingerprint, status: 201, body: { id: '1' }, createdAt: 0 });

describe('the idempotency rules', () => {
  it('reads a key of 1 to 255 visible ASCII characters, and refuses any other with 400 in the error shape', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ kind: 'none' });
    expect(readIdempotencyKey('order-2026-11-27/1')).toEqual({ kind: 'key', key: 'order-2026-11-27/1' });
    expect(readIdempotencyKey('x'.repeat(255))).toMatchObject({ kind: 'key' });
    for (const bad of ['', 'x'.repeat(256), 'has space', 'tab\t', 'ünïcode']) {
      expect(readIdempotencyKey(bad)).toEqual({
        kind: 'invalid',
        status: 400,
        error: { message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters', errors: { idempotencyKey: 'invalid' } },
      });
    }
  });

  it('takes a request to be the same whatever its key order, origin or query, and another for another method, path or body', () => {
    const base = requestFingerprint('POST', '/api/service-units', '{"name":"A","tags":["x","y"]}');
    expect(requestFingerprint('post', 'http://localhost:8787/api/service-units?x=1', '{ "tags": ["x","y"], "name": "A" }')).toBe(base);
    expect(requestFingerprint('PUT', '/api/service-units', '{"name":"A","tags":["x","y"]}')).not.toBe(base);
    expect(requestFingerprint('POST', '/api/url-restrictions', '{"name":"A","tags":["x","y"]}')).not.toBe(base);
    expect(requestFingerprint('POST', '/api/service-units', '{"name":"A","tags":["y","x"]}')).not.toBe(base);
    // A body that is not JSON is compared as it was sent.
    expect(requestFingerprint('POST', '/api/x', 'not json')).not.toBe(requestFingerprint('POST', '/api/x', 'not  json'));
    // No body is kept in clear: a password sent with the request does not appear in its fingerprint.
    expect(requestFingerprint('POST', '/api/register', '{"password":"correct horse"}')).not.toContain('correct horse');
  });

  it('runs a new key, replays a known one sent with the same request, and refuses a reuse or one still in flight', () => {
    expect(decideIdempotency(undefined, 'f', false)).toEqual({ kind: 'run' });
    expect(decideIdempotency(kept('f'), 'f', false)).toEqual({ kind: 'replay', status: 201, body: { id: '1' } });
    // A kept answer wins over a mark left in flight.
    expect(decideIdempotency(kept('f'), 'f', true)).toMatchObject({ kind: 'replay' });
    expect(decideIdempotency(kept('f'), 'other', false)).toMatchObject({
      kind: 'refuse',
      status: 422,
      error: { errors: { idempotencyKey: 'reusedWithDifferentRequest' } },
    });
    expect(decideIdempotency(undefined, 'f', true)).toMatchObject({ kind: 'refuse', status: 409 });
  });

  it('keeps only successful answers, for 24 hours', () => {
    expect([199, 200, 201, 204, 299, 300, 409, 422, 500].filter(isKeptAnswer)).toEqual([200, 201, 204, 299]);
    expect(isExpired({ createdAt: 1_000 }, 1_000 + IDEMPOTENCY_TTL_MS)).toBe(false);
    expect(isExpired({ createdAt: 1_000 }, 1_001 + IDEMPOTENCY_TTL_MS)).toBe(true);
  });
});
