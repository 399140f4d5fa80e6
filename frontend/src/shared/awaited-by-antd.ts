/**
 * antd's Popconfirm waits for the promise its `onConfirm` returns: the OK button shows loading and the box
 * stays open until the promise settles. Its type says `() => void`; this hands it the promise-returning
 * handler under that type, on purpose. The handler catches its own failure (the request client shows it).
 */
export function awaitedByAntd<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => void {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits what onConfirm returns (see above)
  return handler;
}
