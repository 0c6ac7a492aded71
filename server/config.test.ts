import { ConfigError, readConfig } from './config';

/* How `npm run server` reads its environment (README.md, docs/deploy.md). */

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/sua',
  CORS_ORIGINS: 'https://admin.example.com',
  SEED: 'none',
};

/** The message readConfig stops with for `env`, failing when it starts instead. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('readConfig', () => {
  it('starts on loopback with the embedded database and the demo data by default', () => {
    expect(readConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8787,
      dataDir: '.data',
      databaseUrl: null,
      seed: 'default',
      corsOrigins: [],
      staticDir: null,
      maxBodyBytes: 2 * 1024 * 1024,
      trustProxy: false,
      production: false,
      providerAuth: null,
      agentHeartbeatS: 30,
      eventsPollS: 2,
      simulatedAgents: true,
      writeConcurrency: 2,
    });
  });

  it('reads every setting', () => {
    expect(
      readConfig({
        HOST: '0.0.0.0',
        PORT: '9000',
        DATA_DIR: '/var/lib/sua',
        DATABASE_URL: ' postgresql://localhost/sua ',
        SEED: 'large',
        CORS_ORIGINS: 'https://a.example, http://localhost:5173 ,',
        STATIC_DIR: 'dist',
        MAX_BODY_BYTES: '4096',
        TRUST_PROXY: '1',
        OIDC_AUTHORITY: 'https://id.example/realms/acme',
        OIDC_CLIENT_ID: 'service-unit-admin',
        OIDC_ROLE_CLAIM: 'sua_role',
        AGENT_HEARTBEAT_S: '10',
        EVENTS_POLL_S: '60',
        SIMULATED_AGENTS: '0',
        WRITE_CONCURRENCY: '8',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 9000,
      dataDir: '/var/lib/sua',
      databaseUrl: 'postgresql://localhost/sua',
      seed: 'large',
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
      staticDir: 'dist',
      maxBodyBytes: 4096,
      trustProxy: true,
      production: false,
      providerAuth: {
        issuer: 'https://id.example/realms/acme',
        audience: 'urn:service-unit-admin:api',
        organization: null,
        roleClaim: 'sua_role',
      },
      agentHeartbeatS: 10,
      eventsPollS: 60,
      simulatedAgents: false,
      writeConcurrency: 8,
    });
  });

  it('reads an empty variable as unset: no server on every interface or on a random port by accident', () => {
    expect(
      readConfig({
        HOST: '',
        PORT: '',
        DATA_DIR: ' ',
        SEED: '',
        DATABASE_URL: '',
        STATIC_DIR: '',
        MAX_BODY_BYTES: '',
        AGENT_HEARTBEAT_S: '',
        SIMULATED_AGENTS: ' ',
      }),
    ).toEqual(readConfig({}));
  });

  it('runs the simulated agents for the demo seeds only, unless SIMULATED_AGENTS says otherwise', () => {
    expect(readConfig({ SEED: 'large' }).simulatedAgents).toBe(true);
    expect(readConfig({ SEED: 'none' }).simulatedAgents).toBe(false);
    expect(readConfig({ SEED: 'none', SIMULATED_AGENTS: '1' }).simulatedAgents).toBe(true);
    expect(readConfig({ SEED: 'default', SIMULATED_AGENTS: '0' }).simulatedAgents).toBe(false);
  });

  it.each(['yes', 'true', '2'])('refuses SIMULATED_AGENTS=%j', (flag) => {
    expect(refusal({ SIMULATED_AGENTS: flag })).toBe(`SIMULATED_AGENTS must be 1 (on) or 0 (off), not "${flag}".`);
  });

  it.each(['0', '65', 'four', '1.5'])('refuses WRITE_CONCURRENCY=%j, saying the range', (count) => {
    expect(refusal({ WRITE_CONCURRENCY: count })).toMatch(/WRITE_CONCURRENCY must be a whole number from 1 to 64/);
  });

  it.each(['0', '3601', '2s', '0.5'])('refuses EVENTS_POLL_S=%j, saying the range', (seconds) => {
    expect(refusal({ EVENTS_POLL_S: seconds })).toBe(`EVENTS_POLL_S must be a whole number of seconds from 1 to 3600, not "${seconds}".`);
  });

  it.each(['0', '3601', '30s', '1.5', '-5'])('refuses AGENT_HEARTBEAT_S=%j, saying the range', (seconds) => {
    expect(refusal({ AGENT_HEARTBEAT_S: seconds })).toBe(
      `AGENT_HEARTBEAT_S must be a whole number of seconds from 1 to 3600, not "${seconds}".`,
    );
  });

  it.each(['abc', '70000', '-1', '80.5', '0x50', '8e1'])('refuses PORT=%j, saying which value', (port) => {
    expect(refusal({ PORT: port })).toBe(`PORT must be a port number, not "${port}".`);
  });

  it('refuses an unknown SEED, naming the ones it takes', () => {
    expect(refusal({ SEED: 'huge' })).toBe('SEED must be one of default, large, none, not "huge".');
  });

  it.each(['app.example', 'https://app.example/', 'https://app.example/admin', 'not a url'])(
    'refuses CORS_ORIGINS with %j, which is no origin',
    (origin) => {
      expect(refusal({ CORS_ORIGINS: `https://ok.example,${origin}` })).toBe(
        `CORS_ORIGINS: "${origin}" is no origin (scheme://host[:port], no path).`,
      );
    },
  );

  it.each(['mysql://localhost/sua', 'localhost:5432/sua'])('refuses DATABASE_URL=%j', (url) => {
    expect(refusal({ DATABASE_URL: url })).toBe('DATABASE_URL must start with postgres:// or postgresql://.');
  });

  it.each(['512', 'lots', '1.5e3'])('refuses MAX_BODY_BYTES=%j', (bytes) => {
    expect(refusal({ MAX_BODY_BYTES: bytes })).toBe('MAX_BODY_BYTES must be a whole number of bytes, at least 1024.');
  });

  describe('in production', () => {
    it('starts with a database, the app origins and no demo data', () => {
      expect(readConfig(PRODUCTION)).toMatchObject({ production: true, seed: 'none', databaseUrl: PRODUCTION.DATABASE_URL });
      expect(readConfig({ ...PRODUCTION, CORS_ORIGINS: undefined, STATIC_DIR: 'dist' })).toMatchObject({ staticDir: 'dist' });
    });

    it('refuses to start without DATABASE_URL', () => {
      expect(refusal({ ...PRODUCTION, DATABASE_URL: undefined })).toMatch(/^NODE_ENV=production needs DATABASE_URL/);
      expect(refusal({ ...PRODUCTION, DATABASE_URL: '  ' })).toMatch(/^NODE_ENV=production needs DATABASE_URL/);
    });

    it('refuses to start without CORS_ORIGINS or STATIC_DIR', () => {
      expect(refusal({ ...PRODUCTION, CORS_ORIGINS: undefined })).toMatch(/^NODE_ENV=production needs CORS_ORIGINS .* or STATIC_DIR/);
      expect(refusal({ ...PRODUCTION, CORS_ORIGINS: ' , ' })).toMatch(/^NODE_ENV=production needs CORS_ORIGINS/);
    });

    it.each([undefined, 'default', 'large'])('refuses to seed the demo accounts (SEED=%s)', (seed) => {
      expect(refusal({ ...PRODUCTION, SEED: seed })).toMatch(/^NODE_ENV=production seeds no demo accounts/);
    });

    it('seeds the demo data only when ALLOW_DEMO_SEED=1 says so', () => {
      expect(readConfig({ ...PRODUCTION, SEED: 'default', ALLOW_DEMO_SEED: '1' })).toMatchObject({ seed: 'default' });
      expect(refusal({ ...PRODUCTION, SEED: 'default', ALLOW_DEMO_SEED: 'true' })).toMatch(/seeds no demo accounts/);
    });
  });
});
