// The write load and the record check of `npm run chaos` (scripts/chaos.mjs) and of the suite that kills
// the server under load (backend/test/acknowledged-writes.spec.ts): clients creating notices as the web
// client does, each create with an Idempotency-Key sent again on a retry, and, afterwards, every
// acknowledged create checked for its row (exactly one), its change-log row and its request-log row.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a create should be sent again, as the web client does: no answer, a 5xx, or a 409 with Retry-After
 * (the first attempt still running; a 409 without it says the first was saved but its answer lost).
 */
const retryable = ({ status, retryAfter }) => status === 'dropped' || status >= 500 || (status === 409 && retryAfter);

/** A create given up after this long without an answer that settles it (it is then not acknowledged). */
const GIVE_UP_MS = 60_000;

/**
 * `clients` loops creating notices at `apiBase` (…/api/v1) with `token` until `stop()`. A create is sent
 * again with its key after a retryable answer until it is answered 200 (acknowledged) or refused (4xx).
 * Every answer is counted by status and kept on a timeline (`at`, `ok`).
 */
export function writeLoad(apiBase, token, { clients = 8, prefix = `chaos-${process.pid}` } = {}) {
  const acknowledged = [];
  const statuses = new Map();
  const timeline = [];
  let running = true;
  let made = 0;
  const count = (status) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    timeline.push({ at: Date.now(), ok: status === 200 });
  };
  const send = async (title, key) => {
    try {
      const res = await fetch(`${apiBase}/notice/add`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
        body: JSON.stringify({ title, content: `<p>${title}</p>`, audience: 'all' }),
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      return { status: res.status, requestId: res.headers.get('x-request-id'), retryAfter: res.headers.has('retry-after') };
    } catch {
      return { status: 'dropped' };
    }
  };
  async function client() {
    while (running) {
      const title = `${prefix}-${++made}`;
      const key = randomUUID();
      for (const end = Date.now() + GIVE_UP_MS; ;) {
        const answer = await send(title, key);
        count(answer.status);
        if (answer.status === 200) {
          acknowledged.push({ title, requestId: answer.requestId });
          break;
        }
        if (!retryable(answer) || Date.now() > end) break;
        await sleep(250);
      }
    }
  }
  const loops = Array.from({ length: clients }, () => client());
  return {
    acknowledged,
    statuses,
    timeline,
    /** Ends the load once every create in flight has its answer (retries included). */
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * The outage a fault caused: the longest time from `from` on during which no create was acknowledged (the
 * gap between two successes, or from `from` to the first success after it), in seconds.
 */
export function outageSeconds(timeline, from) {
  let longest = 0;
  let last = from;
  for (const entry of timeline) {
    if (!entry.ok || entry.at < from) continue;
    longest = Math.max(longest, entry.at - last);
    last = entry.at;
  }
  return longest / 1000;
}

/**
 * What the database at `databaseUrl` lacks of the `acknowledged` creates: rows missing, rows made twice,
 * change-log rows missing, request-log rows (status 200, by request id) missing.
 */
export async function lostRecords(databaseUrl, acknowledged) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const titles = acknowledged.map((entry) => entry.title);
    const notices = (await db.query('select id, title from notice where title = any($1)', [titles])).rows;
    const made = new Map();
    for (const { title } of notices) made.set(title, (made.get(title) ?? 0) + 1);
    // a change-log row names the record it made by id
    const logged = new Set(
      (
        await db.query("select record_id from data_change_log where table_name = 'Notice' and operation = 'create' and record_id = any($1)", [
          notices.map((notice) => String(notice.id)),
        ])
      ).rows.map((r) => r.record_id),
    );
    const changed = new Set(notices.filter((notice) => logged.has(String(notice.id))).map((notice) => notice.title));
    const requested = new Set(
      (
        await db.query("select request_id from request_log where path = '/api/v1/notice/add' and status = 200 and request_id = any($1)", [
          acknowledged.map((entry) => entry.requestId),
        ])
      ).rows.map((r) => r.request_id),
    );
    return {
      rows: acknowledged.filter((entry) => !made.has(entry.title)).length,
      twice: [...made.values()].filter((n) => n > 1).length,
      changeLog: acknowledged.filter((entry) => !changed.has(entry.title)).length,
      requestLog: acknowledged.filter((entry) => !requested.has(entry.requestId)).length,
    };
  } finally {
    await db.end();
  }
}
