import { checkClientMajor, connectionOf, findPgTools } from './pg-tools.js';

describe("PostgreSQL's client tools", () => {
  it('says what to install when pg_dump is not where PG_BIN_DIR points', () => {
    expect(() => findPgTools('/nowhere/bin')).toThrow(
      "pg_dump and pg_restore were not found in /nowhere/bin: install PostgreSQL's client tools (apt-get install postgresql-client), or set PG_BIN_DIR",
    );
  });

  it('finds them on the PATH without a Debian version folder, with their major version', () => {
    const tools = findPgTools(undefined, '/nowhere');
    expect(tools).toMatchObject({ pgDump: 'pg_dump', pgRestore: 'pg_restore' });
    expect(tools.major).toBeGreaterThanOrEqual(15);
  });

  it('refuses a server newer than pg_dump, naming the client tools to install', () => {
    const tools = { pgDump: '/usr/bin/pg_dump', pgRestore: '/usr/bin/pg_restore', major: 15 };
    expect(() => checkClientMajor(tools, 160_004)).toThrow(
      "the database runs PostgreSQL 16 and pg_dump is version 15 (/usr/bin/pg_dump): pg_dump cannot read a newer server. Install PostgreSQL 16's client tools (apt-get install postgresql-client-16) and set PG_BIN_DIR to their folder.",
    );
    expect(() => checkClientMajor(tools, 150_014)).not.toThrow();
    expect(() => checkClientMajor(tools, 140_010)).not.toThrow();
  });

  it('keeps the password off the command line', () => {
    const { dbname, env } = connectionOf('postgresql://app:s%40cret@db:5432/forwarder?sslmode=require');
    expect(dbname).toBe('postgresql://app@db:5432/forwarder?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});
