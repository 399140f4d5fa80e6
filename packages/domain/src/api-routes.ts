/**
 * How the API's routes are described to people: the request methods it answers (the request log's and the
 * security list's filters) and who may call a route, as the server's access decorators declare it.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Anyone, anyone signed in, holders of one of the route's permission codes, or a customer's portal session (docs/portal.md). */
export const ACCESS_KINDS = ['public', 'signedIn', 'permission', 'customer'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
