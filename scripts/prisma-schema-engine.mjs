#!/usr/bin/env node
// Offline stand-in for Prisma's native `schema-engine` binary.
//
// Every Prisma CLI command that touches the database or migrations (migrate *, db *, and `--version`) spawns
// the native schema engine, which Prisma downloads from binaries.prisma.sh on first use. That host is not
// reachable from our machines, so scripts/prisma.mjs points PRISMA_SCHEMA_ENGINE_BINARY at this file instead.
// It speaks the same command line and newline-delimited JSON-RPC 2.0 protocol as the native binary and runs each
// method on the official WebAssembly build of the same engine (@prisma/schema-engine-wasm), which reaches
// PostgreSQL through Prisma's own driver adapter (@prisma/adapter-pg). Everything it needs is in node_modules.
//
// Invocations (all made by the Prisma CLI, see prisma/build/cli.js):
//   prisma-schema-engine.mjs --version
//   prisma-schema-engine.mjs --datasource '{"url":"postgresql://..."}' cli can-connect-to-database
//                                                                         | create-database | drop-database
//   prisma-schema-engine.mjs [--datamodels <schema file>]... [--datasource <json>] [...]   (JSON-RPC server)
//
// The datasource JSON is the `datasource` block of prisma.config.ts: { url, shadowDatabaseUrl? }.
// Only PostgreSQL is supported, because that is the only adapter this project installs.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import pg from 'pg';

const require = createRequire(import.meta.url);
// pg's own URL parser (a dependency of pg), so URLs mean exactly what they would mean to pg.
const { parseIntoClientConfig } = createRequire(require.resolve('pg'))('pg-connection-string');

// JSON-RPC error code the native engine uses for every application-level error.
const ENGINE_ERROR_CODE = 4466;
// PostgreSQL type oids (pg_type.oid) that need special handling, see readCharColumns.
const PG_OID = { CHAR: 18, TEXT: 25 };

// ------------------------------------------------------------------------------------------- logging
// The CLI reads the engine's stderr line by line as JSON tracing events ({ level, fields: { message }, target })
// and uses the last ERROR event as the failure message, so everything we report goes out in that shape.

function logEvent(level, message, extraFields = {}, target = 'schema_engine::logger') {
  const event = { timestamp: new Date().toISOString(), level, fields: { message, ...extraFields }, target };
  process.stderr.write(`${JSON.stringify(event)}\n`);
}

// ------------------------------------------------------------------------------------------- command line

function parseArgs(argv) {
  const args = { datamodels: [], datasource: undefined, version: false, cli: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === '--datamodels') args.datamodels.push(argv[++i]);
    else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i]);
    // Preview features and extension types only matter to engines built with those features; skip their values.
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') i++;
    else if (arg === 'cli') args.cli = argv[++i];
  }
  return args;
}

// ------------------------------------------------------------------------------------------- PostgreSQL access

// Trap 2: pg lets a `connectionString` override discrete fields, and adapter-pg creates its shadow database pool
// as `{ ...config, database }`, so a config holding a connectionString would silently keep using the main
// database. We therefore always hand pg discrete host/port/user/password/database fields.
function pgConfig(url, overrides = {}) {
  const { schema, ...config } = parseIntoClientConfig(url);
  // Prisma's `?schema=` URL parameter selects the PostgreSQL schema; the native engine sets it as search_path.
  if (typeof schema === 'string' && schema && !config.options) config.options = `-c search_path="${schema}"`;
  return {
    ...config,
    // A single connection kept for the engine's lifetime, like the native engine: the engine takes a session-level
    // advisory lock for migrations and expects the statements that follow to run in that same session.
    max: 1,
    idleTimeoutMillis: 0,
    // Fail instead of hanging forever if the single connection is ever held while another query waits for it.
    connectionTimeoutMillis: 60_000,
    ...overrides,
  };
}

function schemaOf(url) {
  const schema = parseIntoClientConfig(url).schema;
  return typeof schema === 'string' && schema ? schema : undefined;
}

const quoteIdent = (name) => `"${String(name).replace(/"/g, '""')}"`;

// Runs `fn` with a short-lived client connected to `url` (optionally to another database on the same server).
async function withClient(url, fn, overrides = {}) {
  const client = new pg.Client(pgConfig(url, overrides));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

// Creating or dropping a database needs a connection to some other database on the server: like the native
// engine we use `postgres` and fall back to `template1`.
async function withMaintenanceClient(url, fn) {
  try {
    return await withClient(url, fn, { database: 'postgres' });
  } catch (error) {
    if (error?.code !== '3D000') throw error;
    return withClient(url, fn, { database: 'template1' });
  }
}

// Empties a database the user configured as shadowDatabaseUrl. The native engine resets that database before it
// replays the migrations into it, and the Wasm engine assumes what connectToShadowDb returns is empty.
async function wipeDatabase(client) {
  const { rows } = await client.query(
    `SELECT nspname FROM pg_namespace
      WHERE nspname NOT IN ('information_schema', 'pg_toast') AND nspname NOT LIKE 'pg\\_%'`,
  );
  for (const { nspname } of rows) await client.query(`DROP SCHEMA ${quoteIdent(nspname)} CASCADE`);
  await client.query('CREATE SCHEMA IF NOT EXISTS public');
}

// The PostgreSQL failures the CLI knows how to explain, translated to the error codes the native engine reports.
function knownConnectionError(error, url) {
  const { host = 'localhost', port = 5432, user = '', database = '' } = parseIntoClientConfig(url);
  const location = `${host}:${port}`;
  switch (error?.code) {
    case '3D000':
      return { code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${location}\`.` };
    case '28P01':
    case '28000':
      return {
        code: 'P1000',
        message: `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at the configured address.`,
      };
    case '42501':
      return { code: 'P1010', message: `User \`${user}\` was denied access on the database \`${database}\`` };
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return {
        code: 'P1001',
        message: `Can't reach database server at \`${location}\`\n\nPlease make sure your database server is running at \`${location}\`.`,
      };
    default:
      return undefined;
  }
}

// ------------------------------------------------------------------------------------------- driver adapter

// Trap 1: the engine's introspection reads PostgreSQL's one-byte `"char"` columns (oid 18: pg_class.relkind,
// pg_constraint.contype, ...), which adapter-pg has no column type for: it fails the whole query ("Column type
// 'char' could not be deserialized"). pg already hands us their value as a one-character string, so we only
// relabel the field as text for adapter-pg's type lookup and then report the column as the Character type the
// engine reads these columns as. (Reporting them as plain text is not enough: on PostgreSQL 18, which stores NOT
// NULL constraints in pg_constraint, the engine reads contype as a char and panics on a text value.)
// `name` columns (oid 19) need nothing: adapter-pg maps them to text itself.
function readCharColumns(queryable) {
  const performIO = queryable.performIO.bind(queryable);
  const queryRaw = queryable.queryRaw.bind(queryable);
  const charColumnsOf = new WeakMap(); // query -> indexes of its "char" columns; queryRaw calls performIO(query)
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    const charColumns = [];
    result.fields?.forEach((field, index) => {
      if (field.dataTypeID !== PG_OID.CHAR) return;
      field.dataTypeID = PG_OID.TEXT;
      charColumns.push(index);
    });
    charColumnsOf.set(query, charColumns);
    return result;
  };
  queryable.queryRaw = async (query) => {
    const resultSet = await queryRaw(query);
    for (const index of charColumnsOf.get(query) ?? []) resultSet.columnTypes[index] = ColumnTypeEnum.Character;
    return resultSet;
  };
  return queryable;
}

// adapter-pg's executeScript splits scripts on every ";" (also inside strings, comments and $$ bodies) and runs
// the pieces one by one. The native engine sends a migration script to PostgreSQL in one simple-protocol query,
// which PostgreSQL runs as one implicit transaction; we do the same so migrations behave exactly as they would
// with the native engine.
function runScriptsWhole(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      adapter.onError(error); // rethrows it as the DriverAdapterError the engine understands
    }
  };
  return adapter;
}

// An adapter-pg connection prepared for the engine, transactions included.
function forSchemaEngine(adapter) {
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => readCharColumns(await startTransaction(...args));
  return runScriptsWhole(readCharColumns(adapter));
}

// The migration-aware adapter factory the Wasm engine connects through: `connect()` for the database in the
// datasource URL, `connectToShadowDb()` for the scratch database migrate dev / migrate diff replay migrations into.
class OfflinePgAdapterFactory {
  provider = 'postgres';
  adapterName = '@prisma/adapter-pg';

  constructor(datasource) {
    this.url = datasource?.url;
    this.shadowDatabaseUrl = datasource?.shadowDatabaseUrl;
    this.temporaryDatabases = new Set(); // shadow databases created here and not yet dropped
  }

  requireUrl() {
    if (!this.url) throw new Error('The schema engine needs a datasource URL: set DATABASE_URL (see prisma.config.ts).');
    return this.url;
  }

  adapterFor(url, overrides = {}) {
    return new PrismaPg(pgConfig(url, overrides), { schema: schemaOf(url) });
  }

  async connect() {
    return forSchemaEngine(await this.adapterFor(this.requireUrl()).connect());
  }

  async connectToShadowDb() {
    if (this.shadowDatabaseUrl) {
      await withClient(this.shadowDatabaseUrl, wipeDatabase);
      return forSchemaEngine(await this.adapterFor(this.shadowDatabaseUrl).connect());
    }

    // No shadow database configured: like the native engine, create a temporary one on the main server.
    const url = this.requireUrl();
    const database = `prisma_migrate_shadow_db_${globalThis.crypto.randomUUID()}`;
    await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(database)}`));
    this.temporaryDatabases.add(database);
    const adapter = forSchemaEngine(await this.adapterFor(url, { database }).connect());

    // Trap 3: adapter-pg's own shadow adapter drops the database while its pool still holds a connection, which
    // PostgreSQL refuses ("is being accessed by other users") and leaves the database behind. Close the pool
    // first, then drop.
    const closePool = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      try {
        await closePool();
      } finally {
        await this.dropTemporaryDatabase(database);
      }
    };
    return adapter;
  }

  async dropTemporaryDatabase(database) {
    // WITH (FORCE) (PostgreSQL 13+) also ends connections still open, e.g. after the engine failed mid-command.
    await withMaintenanceClient(this.requireUrl(), (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`));
    this.temporaryDatabases.delete(database);
  }

  // Called when the process stops, so that an engine failure cannot leave shadow databases behind.
  async dropTemporaryDatabases() {
    await Promise.allSettled([...this.temporaryDatabases].map((database) => this.dropTemporaryDatabase(database)));
  }
}

// The Wasm engine connects when it is created and probes the server (schema exists? which version?), even for
// work that needs no database, such as `migrate diff --from-empty --to-schema ...`, which the native engine does
// without connecting. For such requests we give it this stand-in: it answers the probe with "schema exists,
// version unknown" (what the native engine assumes when it has no connection) and refuses anything else, so
// those commands work the same whether or not DATABASE_URL points at a running server.
class DetachedAdapterFactory {
  provider = 'postgres';
  adapterName = '@prisma/adapter-pg';

  constructor(datasource) {
    this.schemaName = datasource?.url ? schemaOf(datasource.url) : undefined;
  }

  async connect() {
    const refuse = async () => {
      throw new Error('This request was expected to need no database connection (offline schema engine).');
    };
    return {
      provider: this.provider,
      adapterName: this.adapterName,
      queryRaw: async ({ sql }) => {
        if (!/^SELECT EXISTS\(SELECT 1 FROM pg_namespace WHERE nspname = \$1\), version\(\)/.test(sql)) return refuse();
        return {
          columnNames: ['exists', 'version', 'numeric_version'],
          columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
          rows: [[true, null, null]],
        };
      },
      executeRaw: refuse,
      executeScript: refuse,
      startTransaction: refuse,
      getConnectionInfo: () => ({ schemaName: this.schemaName, supportsRelationJoins: true }),
      dispose: async () => {},
    };
  }

  async connectToShadowDb() {
    throw new Error('This request was expected to need no shadow database (offline schema engine).');
  }
}

// Diff sources and targets that are computed from files alone.
const DATABASE_FREE_DIFF_TARGETS = new Set(['empty', 'schemaDatamodel']);

// ------------------------------------------------------------------------------------------- the Wasm engine

// The package's own entry point imports the .wasm file as an ES module, which Node 20 cannot do without
// --experimental-wasm-modules, so we instantiate the binary ourselves against the package's JS glue.
let wasmGlue;
async function loadWasmEngine() {
  wasmGlue ??= instantiateWasmEngine();
  return wasmGlue;
}

async function instantiateWasmEngine() {
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = await import(pathToFileURL(gluePath).href);
  const bytes = readFileSync(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

// The engine's Rust panic hook reports the panic message through this global before it aborts.
let lastPanicMessage;
globalThis.PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message) {
    lastPanicMessage = `RuntimeError: ${message}`;
  },
};

// ------------------------------------------------------------------------------------------- `cli` subcommands
// Used by the CLI to check the database exists before migrate dev/deploy and db push, and to create it if not.
// Failures go to stderr as ERROR events carrying the P-code; the CLI skips the first stderr line, hence the
// INFO line we always write first.

async function runCliCommand(command, datasource) {
  logEvent('INFO', `Starting schema engine CLI: ${command}`, {}, 'schema_engine_cli');
  const url = datasource?.url;
  try {
    if (!url) throw new Error('No datasource URL was given (--datasource \'{"url": "..."}\').');
    const { database } = parseIntoClientConfig(url);
    switch (command) {
      case 'can-connect-to-database':
        await withClient(url, (client) => client.query('SELECT 1'));
        process.stdout.write('Connection successful\n');
        break;
      case 'create-database':
        await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(database)}`));
        process.stdout.write(`Database '${database}' was successfully created.\n`);
        break;
      case 'drop-database':
        await withMaintenanceClient(url, (client) => client.query(`DROP DATABASE ${quoteIdent(database)}`));
        process.stdout.write(`The database '${database}' was successfully dropped.\n`);
        break;
      default:
        throw new Error(`Unknown schema engine cli command: ${command}`);
    }
    return 0;
  } catch (error) {
    const known = knownConnectionError(error, url);
    if (known) logEvent('ERROR', known.message, { error_code: known.code });
    else logEvent('ERROR', String(error?.message ?? error));
    return 1;
  }
}

// ------------------------------------------------------------------------------------------- JSON-RPC server

class JsonRpcServer {
  constructor({ datamodels, datasource }) {
    this.datamodels = datamodels;
    this.datasource = datasource;
    this.engines = {}; // 'database' and 'detached', each { adapterFactory, factory, engine: Promise<SchemaEngine> }
    this.currentFactory = undefined; // the adapter factory of the engine running the current request
    this.queue = Promise.resolve();
    this.pendingRequests = new Map(); // our requests to the CLI (print), by id
    this.nextRequestId = 1;
  }

  send(message) {
    process.stdout.write(`${JSON.stringify(message, (_key, value) => (typeof value === 'bigint' ? Number(value) : value))}\n`);
  }

  // Engines are created on first use, because creating one connects to the database: the 'database' engine
  // works on the datasource, the 'detached' one serves diffs that need no database (see DetachedAdapterFactory).
  // The CLI starts one engine process per command, so in practice a process only ever creates one of them.
  engine(kind = 'database') {
    if (!this.engines[kind]) {
      const adapterFactory = kind === 'detached' ? new DetachedAdapterFactory(this.datasource) : new OfflinePgAdapterFactory(this.datasource);
      // The binding turns adapter exceptions into results the engine understands, keeping the originals in
      // factory.errorRegistry (see toRpcError).
      const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory);
      const engine = (async () => {
        const glue = await loadWasmEngine();
        const files = this.datamodels.map((file) => [file, readFileSync(path.resolve(file), 'utf8')]);
        // The callback receives the engine's tracing events, already JSON in the format the CLI reads from stderr.
        const forwardLog = (event) => process.stderr.write(`${event}\n`);
        return glue.SchemaEngine.new({ datamodels: files.length ? files : undefined }, forwardLog, factory);
      })();
      this.engines[kind] = { adapterFactory, factory, engine };
    }
    this.currentFactory = this.engines[kind].factory;
    return this.engines[kind].engine;
  }

  // Requests the engine sends to the CLI. `print` is how the native engine hands over `migrate diff` output.
  requestFromCli(method, params) {
    const id = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      this.pendingRequests.set(id, { resolve, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  handleLine(line) {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      this.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (message.method === undefined) {
      // A response to one of our own requests.
      const pending = this.pendingRequests.get(message.id);
      this.pendingRequests.delete(message.id);
      if (message.error) pending?.reject(new Error(message.error.message));
      else pending?.resolve(message.result);
      return;
    }
    // Requests run one at a time, in order, as with the native engine.
    this.queue = this.queue.then(() => this.handleRequest(message));
  }

  async handleRequest({ id, method, params }) {
    this.currentRequestId = id;
    try {
      const result = await this.dispatch(method, params);
      if (id !== undefined) this.send({ jsonrpc: '2.0', id, result: result === undefined ? {} : result });
    } catch (error) {
      const panicked = error instanceof WebAssembly.RuntimeError;
      if (id !== undefined) this.send({ jsonrpc: '2.0', id, error: this.toRpcError(error, panicked) });
      // A Wasm instance that panicked is unusable. The native engine exits with 101 after a panic, which the CLI
      // reports as a crash.
      if (panicked) await this.exit(101);
    }
  }

  async dispatch(method, params) {
    switch (method) {
      case 'createDatabase': {
        const { databaseName } = await this.createDatabase(params);
        return { databaseName };
      }
      case 'getDatabaseVersion':
        // The engine reports the version of the database it is connected to; the params (a URL or schema) are a
        // native-only way to ask about another database.
        return (await this.engine()).version();
      case 'debugPanic':
        return (await this.engine()).debugPanic();
      case 'diff': {
        // The Wasm engine returns the diff as a string; the native engine prints it through the CLI instead, and
        // the CLI (which appends the newline itself) only writes what arrives by `print`, also into --output.
        const databaseFree = [params?.from, params?.to].every((target) => DATABASE_FREE_DIFF_TARGETS.has(target?.tag));
        const engine = await this.engine(databaseFree ? 'detached' : 'database');
        const { exitCode, stdout } = await engine.diff(params);
        if (stdout) await this.requestFromCli('print', { content: stdout.replace(/\n$/, '') });
        return { exitCode, stdout: null };
      }
      case 'evaluateDataLoss':
      case 'createMigration':
        return this.withMigrationsSchemaCached(method, params);
      case 'applyMigrations':
      case 'dbExecute':
      case 'devDiagnostic':
      case 'diagnoseMigrationHistory':
      case 'ensureConnectionValidity':
      case 'introspect':
      case 'introspectSql':
      case 'markMigrationApplied':
      case 'markMigrationRolledBack':
      case 'reset':
      case 'schemaPush': {
        const engine = await this.engine();
        // Call it as a method: the Wasm binding reads `this`.
        return engine[method](params);
      }
      default:
        throw Object.assign(new Error(`The offline schema engine does not support the method \`${method}\`.`), {
          rpcCode: -32601,
        });
    }
  }

  // In this Wasm build, evaluateDataLoss and createMigration (the last two steps of `migrate dev`) are not given
  // the shadow database factory. They only work when the schema the migrations produce is already in the
  // engine's per-process cache, which diagnoseMigrationHistory fills for the migrations applied to the database.
  // That is the case when migrate dev started on an up-to-date database, but not when it first had to apply
  // pending migrations ("PostgreSQL shadow DB must be provided through an external factory"). By then those
  // migrations are applied, so diagnosing again caches the schema for the whole migrations directory; then retry.
  async withMigrationsSchemaCached(method, params) {
    const engine = await this.engine();
    try {
      return await engine[method](params);
    } catch (error) {
      if (!/shadow DB must be provided through an external factory/.test(String(error?.message))) throw error;
      await engine.diagnoseMigrationHistory({
        migrationsList: params.migrationsList,
        optInToShadowDatabase: true,
        filters: params.filters,
      });
      return engine[method](params);
    }
  }

  async createDatabase(params) {
    const datasource = params?.datasource;
    const url = datasource?.tag === 'ConnectionString' ? datasource.url : this.datasource?.url;
    const { database } = parseIntoClientConfig(url);
    await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(database)}`));
    return { databaseName: database };
  }

  // The error object the native engine sends: the user-facing error goes in `data`, where the CLI reads
  // `error_code`, `message` and `is_panic`.
  toRpcError(error, panicked) {
    if (error?.rpcCode) return { code: error.rpcCode, message: error.message };
    // JavaScript exceptions thrown inside the adapter reach us only as "External error id#N": the real error
    // waits in the adapter factory's registry.
    const external = /External error id#(\d+)/.exec(String(error?.message));
    const registered = external && this.currentFactory?.errorRegistry.consumeError(Number(external[1]));
    if (registered) error = registered.error;
    let data;
    if (panicked) {
      data = { is_panic: true, message: lastPanicMessage ?? String(error.message), backtrace: error.stack ?? null };
    } else if (typeof error?.code === 'string' && /^P\d{4}$/.test(error.code)) {
      data = { is_panic: false, message: error.message, meta: error.meta ?? {}, error_code: error.code };
    } else {
      data = { is_panic: false, message: String(error?.message ?? error), backtrace: null };
    }
    return { code: ENGINE_ERROR_CODE, message: 'An error happened. Check the data field for details.', data };
  }

  // The engine disposes of its shadow databases as each command finishes; this only catches what a failure or a
  // signal interrupted. The main connection needs no closing: the server ends the session when we exit.
  async exit(code) {
    if (this.exiting) return;
    this.exiting = true;
    await Promise.allSettled(Object.values(this.engines).map(({ adapterFactory }) => adapterFactory.dropTemporaryDatabases?.()));
    process.exit(code);
  }

  run() {
    // The Wasm glue throws some errors (e.g. params it cannot deserialize) outside the promise it returned, so they
    // surface here and that promise never settles. Answer the request in flight, then stop like a crashed engine.
    // Rust panics inside the engine's async tasks arrive the same way, as a WebAssembly.RuntimeError.
    process.on('uncaughtException', (error) => {
      const panicked = error instanceof WebAssembly.RuntimeError;
      logEvent('ERROR', panicked ? (lastPanicMessage ?? String(error.message)) : String(error?.message ?? error));
      if (this.currentRequestId !== undefined) {
        this.send({ jsonrpc: '2.0', id: this.currentRequestId, error: this.toRpcError(error, panicked) });
      }
      this.exit(panicked ? 101 : 1);
    });
    // The CLI stops the engine with SIGTERM once it has its answers; Ctrl-C reaches us as SIGINT.
    process.on('SIGTERM', () => this.exit(143));
    process.on('SIGINT', () => this.exit(130));
    const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    lines.on('line', (line) => this.handleLine(line));
    // The CLI ends stdin when it is done with the engine: finish what is queued, then leave.
    lines.on('close', () => {
      this.queue.then(() => this.exit(0));
    });
  }
}

// ------------------------------------------------------------------------------------------- main

const args = parseArgs(process.argv.slice(2));

if (args.version) {
  // Same format as the native binary: "schema-engine-cli <engine commit>".
  const glue = await loadWasmEngine();
  process.stdout.write(`schema-engine-cli ${glue.version()}\n`);
} else if (args.cli) {
  process.exitCode = await runCliCommand(args.cli, args.datasource);
} else {
  new JsonRpcServer(args).run();
}
