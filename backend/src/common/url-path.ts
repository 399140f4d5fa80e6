/** The path of a request's URL: what comes before its query string (sliced, with no array made as split would). */
export function urlPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
