import { negotiateResponse, negotiateVersionOf, newConnectionIdentity } from './negotiate.js';

describe('negotiate', () => {
  it('treats a request without negotiateVersion as a v0 client', () => {
    expect(negotiateVersionOf(null)).toBe(0);
    expect(negotiateVersionOf('0')).toBe(0);
    expect(negotiateVersionOf('1')).toBe(1);
    expect(negotiateVersionOf('2')).toBe(1);
    expect(negotiateVersionOf('x')).toBe(0);
  });

  it('gives v1 clients a secret URL-safe token distinct from the public id', () => {
    const identity = newConnectionIdentity(1);
    expect(identity.connectionToken).not.toBe(identity.connectionId);
    expect(identity.connectionToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(identity.connectionId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('never hands out the same id or token twice, across refills of its pool of random bytes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const { connectionId, connectionToken } = newConnectionIdentity(1);
      seen.add(connectionId).add(connectionToken);
      expect(connectionId).toHaveLength(22);
      expect(connectionToken).toHaveLength(43);
    }
    expect(seen.size).toBe(1000);
  });

  it('answers v1 with negotiateVersion, the token and the three transports in order', () => {
    const identity = newConnectionIdentity(1);
    expect(negotiateResponse(identity, 1)).toEqual({
      negotiateVersion: 1,
      connectionId: identity.connectionId,
      connectionToken: identity.connectionToken,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
  });

  it('answers v0 without a token: the connection id is the id of later requests', () => {
    const identity = newConnectionIdentity(0);
    expect(identity.connectionToken).toBe(identity.connectionId);
    const body = negotiateResponse(identity, 0);
    expect(body).not.toHaveProperty('connectionToken');
    expect(body).not.toHaveProperty('negotiateVersion');
  });
});
