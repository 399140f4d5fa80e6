import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';
import { imageRefusal } from '@/shared/components/ImageUploadField';
import { MAX_IMAGE_MB } from './images';
import { splitAround } from './reminderRow';

describe('badgeText', () => {
  it('hides the badge at 0 (or before the count is known)', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(undefined)).toBe('');
  });

  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('imageRefusal', () => {
  it('takes images up to 10 MB only', () => {
    expect(imageRefusal({ type: 'image/png', size: 10 * 1024 * 1024 }, MAX_IMAGE_MB)).toBeNull();
    expect(imageRefusal({ type: 'image/png', size: 10 * 1024 * 1024 + 1 }, MAX_IMAGE_MB)).toBe('tooLarge');
    expect(imageRefusal({ type: 'application/pdf', size: 10 }, MAX_IMAGE_MB)).toBe('notImage');
    // any file (vouchers): the type is not checked, the size still is
    expect(imageRefusal({ type: 'application/pdf', size: 10 }, MAX_IMAGE_MB, true)).toBeNull();
    expect(imageRefusal({ type: 'application/pdf', size: 10 * 1024 * 1024 + 1 }, MAX_IMAGE_MB, true)).toBe('tooLarge');
  });
});

describe('splitAround', () => {
  it('splits a template around the placeholder rendered as an element', () => {
    expect(splitAround('{orderNo} 当前存在 {waitNum} 个', 'orderNo')).toEqual(['', ' 当前存在 {waitNum} 个']);
    expect(splitAround('Order {orderNo} has', 'orderNo')).toEqual(['Order ', ' has']);
  });
});
