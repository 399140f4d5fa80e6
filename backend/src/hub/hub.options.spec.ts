import { DEFAULT_HUB_OPTIONS, readHubOptions } from './hub.options.js';

describe('hub options', () => {
  it('defaults to the ASP.NET Core timings and no backplane', () => {
    expect(readHubOptions({})).toEqual(DEFAULT_HUB_OPTIONS);
    expect(DEFAULT_HUB_OPTIONS).toMatchObject({ pingIntervalMs: 15_000, clientTimeoutMs: 30_000, handshakeTimeoutMs: 15_000 });
  });

  it('reads the HUB_* variables, CORS_ORIGINS and REDIS_URL', () => {
    const options = readHubOptions({
      HUB_PING_INTERVAL_MS: '1000',
      HUB_CLIENT_TIMEOUT_MS: '3000',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(options).toMatchObject({
      pingIntervalMs: 1000,
      clientTimeoutMs: 3000,
      corsOrigins: ['https://a.example', 'https://b.example'],
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('takes REDIS_URL and CORS_ORIGINS from the app configuration when there is one', () => {
    expect(readHubOptions({ REDIS_URL: 'redis://env' }, { redisUrl: undefined, corsOrigins: [] }).redisUrl).toBeUndefined();
    expect(readHubOptions({}, { redisUrl: 'redis://config', corsOrigins: [] }).redisUrl).toBe('redis://config');
    expect(readHubOptions({ CORS_ORIGINS: 'https://env.example' }, { corsOrigins: ['https://app.example'] }).corsOrigins).toEqual(['https://app.example']);
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', () => {
    expect(() => readHubOptions({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => readHubOptions({ CORS_ORIGINS: 'https://a.example/app' })).toThrow(/CORS_ORIGINS/);
  });

  it('refuses values that are not positive whole numbers', () => {
    expect(() => readHubOptions({ HUB_PING_INTERVAL_MS: '1s' })).toThrow(/HUB_PING_INTERVAL_MS/);
    expect(() => readHubOptions({ HUB_CLIENT_TIMEOUT_MS: '0' })).toThrow(/HUB_CLIENT_TIMEOUT_MS/);
  });

  it('refuses a client timeout not longer than the ping interval', () => {
    expect(() => readHubOptions({ HUB_PING_INTERVAL_MS: '5000', HUB_CLIENT_TIMEOUT_MS: '5000' })).toThrow(/longer/);
  });
});
