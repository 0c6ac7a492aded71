import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileRecord } from '@machines/profile/types';
import { makeServer, type Server } from '@mirage/server';
import { signInAs, type Session } from './monitoring-helpers';

const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

describe('own profile endpoints', () => {
  let server: Server;
  let user: Session;

  beforeEach(async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    user = await signInAs('user');
  });
  afterEach(() => server.shutdown());

  it('answer 401 without a token', async () => {
    expect((await fetch('/api/me/profile')).status).toBe(401);
    expect((await fetch('/api/me/profile', { method: 'PUT', body: '{}' })).status).toBe(401);
    expect((await fetch('/api/me/password', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('reads and changes the signed-in user’s own profile, for every role', async () => {
    for (const name of ['user', 'operator', 'superadmin']) {
      const session = await signInAs(name);
      const before = await session.request<ProfileRecord>('GET', '/api/me/profile');
      expect(before.body).toMatchObject({ username: name, organizationName: 'Acme Logistics' });
      const saved = await session.request<ProfileRecord>('PUT', '/api/me/profile', {
        displayName: ` ${name} edited `,
        about: 'Line one\nLine two',
        phoneNumber: '+351 21 000 0000',
        photoURL: PHOTO,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        displayName: `${name} edited`,
        about: 'Line one\nLine two',
        phoneNumber: '+351 21 000 0000',
        photoURL: PHOTO,
      });
      expect((await session.request<ProfileRecord>('GET', '/api/me/profile')).body.displayName).toBe(`${name} edited`);
      const me = await session.request<{ displayName: string; photoURL: string }>('GET', '/api/me');
      expect(me.body).toMatchObject({ displayName: `${name} edited`, photoURL: PHOTO });
    }
  });

  it.each([
    [{ displayName: '' }, { displayName: 'required' }],
    [{ displayName: 'x'.repeat(81) }, { displayName: 'tooLong' }],
    [{ displayName: 'Evil\u202Egnp.exe' }, { displayName: 'bidiControl' }],
    [{ displayName: '\u200B\u200B' }, { displayName: 'invisible' }],
    [{ displayName: 'Ann', about: 'a\u0000b' }, { about: 'controlCharacter' }],
    [{ displayName: 'Ann', phoneNumber: 'call me' }, { phoneNumber: 'invalidPhone' }],
    [{ displayName: 'Ann', photoURL: 'javascript:alert(1)' }, { photoURL: 'invalidPhoto' }],
    [{ displayName: 'Ann', photoURL: `data:image/png;base64,${'A'.repeat(200_001)}` }, { photoURL: 'photoTooLarge' }],
    // An HTML page behind a picture's prefix, and a JPEG that calls itself a PNG: the bytes decide.
    [
      { displayName: 'Ann', photoURL: `data:image/png;base64,${btoa('<html><script>alert(1)</script></html>')}` },
      { photoURL: 'invalidPhoto' },
    ],
    [{ displayName: 'Ann', photoURL: PHOTO.replace('image/jpeg', 'image/png') }, { photoURL: 'invalidPhoto' }],
    [{ displayName: 'Ann', photoURL: 'data:image/webp;base64,UklGRiQAAABXQVZF' }, { photoURL: 'invalidPhoto' }],
  ])('refuses %j with 422 and %j, and stores nothing', async (body, errors) => {
    const answer = await user.request<{ errors: Record<string, string> }>('PUT', '/api/me/profile', body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
    expect((await user.request<ProfileRecord>('GET', '/api/me/profile')).body.displayName).toBe('Ulysses User');
  });

  it.each([
    ['PNG', 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='],
    ['JPEG', PHOTO],
    ['WebP', 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='],
  ])('stores a real %s picture', async (_type, photoURL) => {
    const answer = await user.request<ProfileRecord>('PUT', '/api/me/profile', { displayName: 'Ann', photoURL });
    expect(answer.status).toBe(200);
    expect(answer.body.photoURL).toBe(photoURL);
  });

  it('changes the password only with the right current one, twice the same new one', async () => {
    const wrong = await user.request<{ errors: Record<string, string> }>('POST', '/api/me/password', {
      currentPassword: 'nope',
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: 'wrongPassword' });
    const mismatch = await user.request<{ message: string; errors: Record<string, string> }>('POST', '/api/me/password', {
      currentPassword: 'demo1234',
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-2',
    });
    expect(mismatch.body).toEqual({
      message: "Password doesn't match. Please try again.",
      errors: { confirmPassword: 'passwordMismatch' },
    });
    const short = await user.request<{ errors: Record<string, string> }>('POST', '/api/me/password', {
      currentPassword: 'demo1234',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.body.errors).toEqual({ newPassword: 'passwordTooShort' });
    expect(
      (
        await user.request('POST', '/api/me/password', {
          currentPassword: 'demo1234',
          newPassword: 'new-secret-1',
          confirmPassword: 'new-secret-1',
        })
      ).status,
    ).toBe(204);
    const login = (password: string) =>
      fetch('/api/UserLogin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
        body: JSON.stringify({ params: { username: 'user', password } }),
      });
    expect((await login('demo1234')).status).toBe(401);
    expect((await login('new-secret-1')).status).toBe(200);
  });
});
