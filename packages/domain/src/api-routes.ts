/**
 * How the API's routes are described to people: the request methods it answers (the request log's and the
 * security list's filters) and who may call a route, as the server's access decorators declare it.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Anyone, anyone signed in, holders of one of the route's permission codes, or a customer's portal session (docs/portal.md). */
export const ACCESS_KINDS = ['public', 'signedIn', 'permission', 'customer'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/**
 * The header a request id comes in (from a proxy or a client that made one) and goes back out in, on every
 * answer; the web client quotes it in an error's message so an administrator finds the request in the logs.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';
