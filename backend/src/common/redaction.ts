// The one policy that keeps secrets out of every log table: columns per model for the operation log
// (before, after, bulk filters, record ids), member names for request parameters and JSON values, and
// name=value pairs in the text of exception messages and routes. AuditService applies it to each record
// before it is queued. redaction.spec.ts walks the schema: a column whose name looks secret must be named
// here, as secret or as reviewed and harmless, so a new column cannot slip through unseen.
import { Prisma } from '../generated/prisma/client.js';
import { JSON_DEPTH } from './storable.js';

export const MASK = '******';

type ScalarField<M extends Prisma.ModelName> = keyof (typeof Prisma)[`${M}ScalarFieldEnum`];
type ColumnList = { readonly [M in Prisma.ModelName]?: readonly ScalarField<M>[] };

/** Columns that hold a secret or a credential: never copied into a log. */
export const SECRET_COLUMNS: ColumnList = {
  User: ['passwordHash', 'wechatOpenId'],
  /** SHA-256 of the id of the one refresh token still valid (auth.service.ts, storedId): kept out of logs all the same */
  AuthSession: ['refreshJti'],
  /** the login page's RSA private key and the JWT signing secret, sealed under the master key (auth/master-key.ts) */
  ServerKey: ['secretValue'],
  CustomerWechat: ['openId'],
  /** the single-use code binds a mini-program account to a customer; usedBy is the openId that used it */
  CustomerBindCode: ['code', 'usedBy'],
  /** the nonce a tracking token is derived from, and the token's hashes (whoever holds the token sees the order's public page) */
  OrderTrackingLink: ['nonce', 'tokenHash', 'legacyTokenHash'],
  /**
   * a client's Idempotency-Key replays the stored answer to its user; the token is what lets the request
   * holding the key commit (the table is not copied into the operation log at all: prisma.service.ts)
   */
  IdempotencyKey: ['key', 'token'],
  /** a customer-portal account's password (bcrypt), docs/portal.md */
  PortalAccount: ['passwordHash'],
};

/** Columns whose names look secret (SECRET_LOOKING_COLUMN) but hold nothing secret: reviewed, kept in logs. */
export const REVIEWED_COLUMNS: ColumnList = {
  User: ['passwordChangedAt', 'mustChangePassword'],
  Role: ['code'],
  Permission: ['code'],
  RolePermission: ['permissionCode'],
  DictType: ['dictCode'],
  DictItem: ['dictCode'],
  SystemSetting: ['key'],
  SerialSequence: ['code'],
  Customer: ['code'],
  Port: ['code'],
  /** the wechat:* codes a portal account holds */
  PortalAccount: ['permissionCodes'],
};

/** A column named like this must be in SECRET_COLUMNS or REVIEWED_COLUMNS (redaction.spec.ts). */
export const SECRET_LOOKING_COLUMN = /pass|pwd|token|secret|key|code|open_?id|union_?id|session|jti|salt|hash|signature|signing|otp|credential|cookie|private/i;

/**
 * Names of request parameters and JSON members that carry secrets wherever they appear (`param` is the
 * login's encrypted credentials; tokens also travel as refreshToken, access_token …).
 */
const SECRET_NAME =
  /pass(?:word)?|pwd|secret|token|authori[sz]ation|cookie|param|jti|credential|bind_?code|open_?id|union_?id|session_?key|private_?key|api_?key|access_?key|signing_?key/i;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const listed = (list: ColumnList) => Object.values(list).flat() as string[];

/**
 * Names secret in some model. Inside a record's relations (an include) the model is not known: any of
 * them is masked there, so a nested user never shows its password hash.
 */
const ANY_MODEL_SECRET = new Set(listed(SECRET_COLUMNS));
/** In free text only the names that are secret wherever they occur (a customer's `code` is not). */
const TEXT_NAMES = [...ANY_MODEL_SECRET].filter((name) => !listed(REVIEWED_COLUMNS).includes(name)).flatMap((name) => [name, snakeCase(name)]);

const isSecretName = (name: string) => SECRET_NAME.test(name);

function scalarFieldsOf(model: string): ReadonlySet<string> | undefined {
  if (!(model in Prisma.ModelName)) return undefined;
  return new Set(Object.keys(Prisma[`${model as Prisma.ModelName}ScalarFieldEnum`]));
}
const SCALARS = new Map(Object.keys(Prisma.ModelName).map((model) => [model, scalarFieldsOf(model)!]));

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A copy of `value` in which every member whose name `secret` accepts is masked; dates, decimals and the like kept as they are. */
function maskMembers(value: unknown, secret: (name: string) => boolean, depth: number): unknown {
  if (Array.isArray(value)) return depth >= JSON_DEPTH ? '[…]' : value.map((item) => maskMembers(item, secret, depth + 1));
  if (!isPlainObject(value)) return value;
  if (depth >= JSON_DEPTH) return '[…]';
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, secret(name) ? MASK : maskMembers(item, secret, depth + 1)]));
}

/** Request parameters (query and body) or any JSON value fit for the log: members with secret names masked, at any depth. */
export function redactParams(value: unknown): unknown {
  return maskMembers(value, isSecretName, 0);
}

const nestedSecret = (name: string) => isSecretName(name) || ANY_MODEL_SECRET.has(name);

/**
 * A row of `model` (or a filter on it) fit for the operation log: its secret columns masked, members of
 * its JSON columns with secret names masked, and in nested relations (and AND/OR filters) every name
 * that is secret in any model. A table that is not a model (raw writes) is treated like a relation.
 */
export function redactRecord(model: string, row: unknown): unknown {
  const scalars = SCALARS.get(model);
  if (!scalars || !isPlainObject(row)) return maskMembers(row, nestedSecret, 0);
  const secret = new Set<string>(SECRET_COLUMNS[model as Prisma.ModelName] ?? []);
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => {
      if (secret.has(name)) return [name, MASK];
      return [name, maskMembers(value, scalars.has(name) ? isSecretName : nestedSecret, 1)];
    }),
  );
}

/** A record id fit for the log: masked when it is the value of a secret column of the record (a binding code is its own key). */
export function redactRecordId(model: string, recordId: string | undefined, ...rows: unknown[]): string | undefined {
  const secret: readonly string[] = SECRET_COLUMNS[model as Prisma.ModelName] ?? [];
  const isSecretValue = (row: unknown) =>
    isPlainObject(row) && secret.some((column) => row[column] !== null && row[column] !== undefined && String(row[column]) === recordId);
  return recordId !== undefined && rows.some(isSecretValue) ? MASK : recordId;
}

/**
 * `name=value`, `name: value`, `"name":"value"`, PostgreSQL's `Key (name)=(value)`: a whole word, what
 * separates it from its value, the value. Linear in the text (the name is judged outside the pattern), so a
 * long hostile message costs no more than its length.
 */
const PAIR = /(?<![\w-])([\w-]+)(["')\]]*\s*[:=]\s*[([]?)("[^"]*"|'[^']*'|[^\s"'&,;:=)}\]]+)/g;
const isSecretTextName = (name: string) => isSecretName(name) || TEXT_NAMES.some((secret) => name.toLowerCase().includes(secret.toLowerCase()));

/** The credentials of a URL (`smtps://user:password@host`, `redis://:password@host`): the password, else the lone user part, is masked. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s/@:]{0,256})(?::([^\s/@]{0,256}))?@/gi;

/** Free text (an exception message, a route with its query string) with the values of secret-named pairs and URLs' passwords masked. */
export function redactText(text: string): string {
  const masked = text.replace(URL_USERINFO, (_, scheme: string, user: string, password: string | undefined) =>
    password === undefined ? `${scheme}${MASK}@` : `${scheme}${user}:${MASK}@`,
  );
  return masked.replace(PAIR, (pair, name: string, separator: string, value: string) => {
    if (!isSecretTextName(name)) return pair;
    const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : '';
    return `${name}${separator}${quote}${MASK}${quote}`;
  });
}
