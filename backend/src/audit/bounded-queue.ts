/**
 * A first-in first-out queue of at most `capacity` items (a ring buffer): when full, the oldest items
 * make room for newer ones, and each operation answers how many it dropped.
 */
export class BoundedQueue<T> {
  private readonly slots: (T | undefined)[];
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`queue capacity must be a positive integer, not ${capacity}`);
    this.slots = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Adds an item at the back; when full, the oldest item is dropped (answers 1, else 0). */
  push(item: T): number {
    const dropped = this.count === this.capacity ? 1 : 0;
    if (dropped) this.takeOne();
    this.slots[(this.head + this.count) % this.capacity] = item;
    this.count++;
    return dropped;
  }

  /**
   * Puts items taken earlier back at the front, in their order (they are older than everything queued
   * since); when they do not all fit, the oldest of them are dropped. Answers how many were dropped.
   */
  pushFront(items: readonly T[]): number {
    const dropped = Math.max(0, items.length - (this.capacity - this.count));
    for (let i = items.length - 1; i >= dropped; i--) {
      this.head = (this.head - 1 + this.capacity) % this.capacity;
      this.slots[this.head] = items[i];
      this.count++;
    }
    return dropped;
  }

  /** Removes and answers up to `max` items from the front. */
  take(max: number): T[] {
    const items: T[] = [];
    while (items.length < max && this.count) items.push(this.takeOne());
    return items;
  }

  private takeOne(): T {
    const item = this.slots[this.head] as T;
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    return item;
  }
}
