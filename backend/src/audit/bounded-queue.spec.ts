import { BoundedQueue } from './bounded-queue.js';

describe('BoundedQueue', () => {
  it('hands items out first in, first out', () => {
    const queue = new BoundedQueue<number>(5);
    for (const n of [1, 2, 3]) queue.push(n);
    expect(queue.take(2)).toEqual([1, 2]);
    queue.push(4);
    expect(queue.take(10)).toEqual([3, 4]);
    expect(queue.size).toBe(0);
  });

  it('drops the oldest item when full and says so', () => {
    const queue = new BoundedQueue<number>(3);
    expect([1, 2, 3].map((n) => queue.push(n))).toEqual([0, 0, 0]);
    expect(queue.push(4)).toBe(1);
    expect(queue.take(10)).toEqual([2, 3, 4]);
  });

  it('puts items back at the front in their order, dropping the oldest of them when they do not fit', () => {
    const queue = new BoundedQueue<number>(4);
    for (const n of [1, 2, 3, 4]) queue.push(n);
    const taken = queue.take(3);
    queue.push(5);
    expect(queue.pushFront(taken)).toBe(1);
    expect(queue.take(10)).toEqual([2, 3, 4, 5]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new BoundedQueue(0)).toThrow(RangeError);
  });
});
