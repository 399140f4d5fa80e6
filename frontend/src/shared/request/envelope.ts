/** What travels around every API call, shared by the staff client's request client and the customer portal's. */

export type QueryValue = string | number | boolean | null | undefined;

/** The envelope every API answer comes in; a failure's also names its request. */
export interface Envelope<T> {
  success: boolean;
  code?: number;
  message?: string;
  data: T;
  requestId?: string;
}

/** The query's entries with a value (null and undefined left out), as strings. */
export function queryEntries(values: Record<string, QueryValue>): [string, string][] {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] != null)
    .map(([key, value]) => [key, String(value)]);
}

export function withQuery(url: string, params: Record<string, QueryValue> | undefined): string {
  const query = params ? new URLSearchParams(queryEntries(params)).toString() : '';
  return query ? `${url}?${query}` : url;
}

/** The answer's envelope; null when the answer is not JSON (a proxy's error page). */
export async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return null;
  }
}
