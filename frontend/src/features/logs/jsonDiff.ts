/**
 * How a field of a record differs between the stored state before and after a write. `unreported`: the
 * write answered only some fields (the caller's select), so the log says nothing of this one afterwards.
 */
export type DiffKind = 'added' | 'removed' | 'changed' | 'same' | 'unreported';

export interface DiffRow {
  /** dotted path of the field, with [i] for array items; '' for a value that is not an object */
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every leaf of a JSON value by path; an empty object or array is a leaf of its own. No value (null) has no fields. */
function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (path === '' && (value === null || value === undefined)) return into;
  if (Array.isArray(value) && value.length) value.forEach((item, i) => leaves(item, `${path}[${i}]`, into));
  else if (isPlainObject(value) && Object.keys(value).length) Object.entries(value).forEach(([key, item]) => leaves(item, path ? `${path}.${key}` : key, into));
  else into.set(path, value);
  return into;
}

/** The top-level field a leaf path belongs to. */
const topField = (path: string) => /^[^.[]*/.exec(path)![0];

/**
 * The rows of a before/after view of a logged write: each field once, in the order of the record before
 * and then the fields only the record after has. A create has only added fields, a delete (no record
 * after) only removed ones; a field the record after does not name at all was not reported.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const old = leaves(before);
  const next = leaves(after);
  const reported = isPlainObject(after) ? new Set(Object.keys(after)) : null;
  const paths = [...old.keys(), ...[...next.keys()].filter((path) => !old.has(path))];
  return paths.map((path) => {
    if (!next.has(path)) return { path, kind: reported && path && !reported.has(topField(path)) ? 'unreported' : 'removed', before: old.get(path) };
    if (!old.has(path)) return { path, kind: 'added', after: next.get(path) };
    const [b, a] = [old.get(path), next.get(path)];
    return { path, kind: JSON.stringify(b) === JSON.stringify(a) ? 'same' : 'changed', before: b, after: a };
  });
}

/** A leaf as text: strings as they are, everything else as JSON. */
export function leafText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
