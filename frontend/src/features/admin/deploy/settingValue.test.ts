import { describe, expect, it } from 'vitest';
import { checkInput, fromInput, isChanged, listItems, toInput } from './settingValue';

describe('toInput and fromInput', () => {
  it('edits a string list as one item per line and sends it back as a list', () => {
    expect(toInput('stringList', ['image/png', 'text/csv'])).toBe('image/png\ntext/csv');
    expect(fromInput('stringList', ' image/png \n\ntext/csv, application/pdf\ntext/csv')).toEqual(['image/png', 'text/csv', 'application/pdf']);
  });

  it('keeps numbers and switches as they are and trims text', () => {
    expect(toInput('number', 30)).toBe(30);
    expect(fromInput('number', 45)).toBe(45);
    expect(toInput('boolean', true)).toBe(true);
    expect(fromInput('boolean', false)).toBe(false);
    expect(fromInput('string', '  货代系统 ')).toBe('货代系统');
  });

  it('gives an empty input for a value of the wrong shape', () => {
    expect(toInput('number', '30')).toBeNull();
    expect(toInput('string', null)).toBe('');
    expect(toInput('stringList', 'x')).toBe('');
  });
});

describe('listItems', () => {
  it('splits on lines and commas, drops blanks and repeats', () => {
    expect(listItems('a, b\n\n a\nc,')).toEqual(['a', 'b', 'c']);
    expect(listItems('')).toEqual([]);
  });
});

describe('checkInput', () => {
  it('wants a number not below 0', () => {
    expect(checkInput('number', null)).toBe('numberRequired');
    expect(checkInput('number', -1)).toBe('numberInvalid');
    expect(checkInput('number', 0)).toBeNull();
  });

  it('limits text to 500 characters and list items to 200', () => {
    expect(checkInput('string', 'x'.repeat(500))).toBeNull();
    expect(checkInput('string', 'x'.repeat(501))).toBe('stringTooLong');
    expect(checkInput('stringList', 'x'.repeat(200))).toBeNull();
    expect(checkInput('stringList', 'x'.repeat(201))).toBe('listInvalid');
    expect(checkInput('stringList', Array.from({ length: 201 }, (_, i) => `t${i}`).join('\n'))).toBe('listInvalid');
  });
});

describe('isChanged', () => {
  it('ignores differences that would store the same value', () => {
    expect(isChanged({ type: 'stringList', value: ['a', 'b'] }, 'a\nb\n')).toBe(false);
    expect(isChanged({ type: 'string', value: 'title' }, ' title ')).toBe(false);
    expect(isChanged({ type: 'number', value: 30 }, 30)).toBe(false);
  });

  it('sees a real change', () => {
    expect(isChanged({ type: 'stringList', value: ['a', 'b'] }, 'b\na')).toBe(true);
    expect(isChanged({ type: 'boolean', value: false }, true)).toBe(true);
    expect(isChanged({ type: 'number', value: 30 }, 31)).toBe(true);
  });
});
