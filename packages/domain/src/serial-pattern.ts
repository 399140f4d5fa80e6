/**
 * The rules of serial number patterns: which placeholders exist, when a counter starts again at 1, and
 * how a number is written. Pure functions (importing only the pure business time): SerialService applies
 * them to the stored sequences, and the web client imports this very file (from this package)
 * for the edit form's checks and preview, so the two cannot drift apart.
 */
import type { LocalDate } from './business-time.js';
import type { SharedMessageKey } from './messages.js';

export const RESET_POLICIES = ['daily', 'monthly', 'yearly', 'never'] as const;
export type ResetPolicy = (typeof RESET_POLICIES)[number];

export const PATTERN_MAX_LENGTH = 100;
export const PREFIX_RULE = /^[A-Za-z0-9_-]{0,20}$/;

/** The period a number belongs to: the counter restarts when it changes ('' never changes). */
export function periodOf(policy: ResetPolicy, date: LocalDate): string {
  switch (policy) {
    case 'daily':
      return `${date.yyyy}${date.MM}${date.dd}`;
    case 'monthly':
      return `${date.yyyy}${date.MM}`;
    case 'yearly':
      return date.yyyy;
    case 'never':
      return '';
  }
}

/** The number the sequence would hand out next under `policy`: the counter goes on within its period, else starts at 1. */
export function nextValue(current: { currentValue: number; currentPeriod: string }, policy: ResetPolicy, today: LocalDate): number {
  return current.currentPeriod === periodOf(policy, today) ? current.currentValue + 1 : 1;
}

/** Every period a sequence can be in today, by policy (the database picks the one of the row's policy). */
export function periodsOf(date: LocalDate): Record<ResetPolicy, string> {
  return Object.fromEntries(RESET_POLICIES.map((policy) => [policy, periodOf(policy, date)])) as Record<ResetPolicy, string>;
}

type DatePart = 'year' | 'month' | 'day';

const DATE_TOKENS: Record<string, { write: (d: LocalDate) => string; covers: DatePart[] }> = {
  yyyy: { write: (d) => d.yyyy, covers: ['year'] },
  yy: { write: (d) => d.yyyy.slice(2), covers: ['year'] },
  MM: { write: (d) => d.MM, covers: ['month'] },
  dd: { write: (d) => d.dd, covers: ['day'] },
  yyMMdd: { write: (d) => `${d.yyyy.slice(2)}${d.MM}${d.dd}`, covers: ['year', 'month', 'day'] },
  yyyyMM: { write: (d) => `${d.yyyy}${d.MM}`, covers: ['year', 'month'] },
  yyyyMMdd: { write: (d) => `${d.yyyy}${d.MM}${d.dd}`, covers: ['year', 'month', 'day'] },
};

/** The date parts a pattern must show so that restarting the counter cannot repeat a number. */
const REQUIRED_PARTS: Record<ResetPolicy, { parts: DatePart[]; example: string }> = {
  daily: { parts: ['year', 'month', 'day'], example: '{yyMMdd}' },
  monthly: { parts: ['year', 'month'], example: '{yyyyMM}' },
  yearly: { parts: ['year'], example: '{yyyy}' },
  never: { parts: [], example: '' },
};

const SEQ_TOKEN = /^seq:(\d{1,2})$/;
/** An int4 counter has at most 10 digits. */
const MAX_SEQ_DIGITS = 10;

export type PatternProblem = { kind: 'token'; token: string } | { kind: 'seq' } | { kind: 'period'; example: string };

/**
 * Checks a pattern: only known placeholders, exactly one {seq:N} (N from 1 to 10), and the date down to
 * the reset period (a daily counter without the day in the number would hand out SB0001 every day).
 * Answers the first problem, or null when the pattern is usable.
 */
export function checkPattern(pattern: string, policy: ResetPolicy): PatternProblem | null {
  const covered = new Set<DatePart>();
  let sequences = 0;
  // A placeholder, or a brace that opens or closes none.
  for (const match of pattern.matchAll(/\{([^{}]*)\}|[{}]/g)) {
    const name = match[1];
    if (name === undefined) return { kind: 'token', token: match[0] };
    if (name === 'prefix') continue;
    if (DATE_TOKENS[name]) {
      for (const part of DATE_TOKENS[name].covers) covered.add(part);
      continue;
    }
    if (!name.startsWith('seq')) return { kind: 'token', token: match[0] };
    const digits = Number(SEQ_TOKEN.exec(name)?.[1] ?? 0);
    if (digits < 1 || digits > MAX_SEQ_DIGITS) return { kind: 'seq' };
    sequences++;
  }
  if (sequences !== 1) return { kind: 'seq' };
  const required = REQUIRED_PARTS[policy];
  if (required.parts.some((part) => !covered.has(part))) return { kind: 'period', example: required.example };
  return null;
}

/**
 * What is wrong with a pattern (missing, too long, or its placeholders), as the message the server and the
 * edit form both give: a SHARED_MESSAGES key and its values; null when the pattern is usable.
 */
export function patternMessage(pattern: string, policy: ResetPolicy): { key: SharedMessageKey; params?: Record<string, string> } | null {
  if (!pattern) return { key: 'serialPatternRequired' };
  if (pattern.length > PATTERN_MAX_LENGTH) return { key: 'serialPatternLength' };
  const problem = checkPattern(pattern, policy);
  switch (problem?.kind) {
    case undefined:
      return null;
    case 'token':
      return { key: 'serialPatternToken', params: { token: problem.token } };
    case 'seq':
      return { key: 'serialPatternSeq' };
    case 'period':
      return { key: 'serialPatternPeriod', params: { example: problem.example } };
  }
}

/**
 * Writes a number: placeholders replaced, the sequence zero-padded to N digits (a counter that outgrows
 * N digits gets longer rather than repeat). The pattern is assumed valid (checkPattern).
 */
export function formatSerial(pattern: string, prefix: string, date: LocalDate, value: number): string {
  return pattern.replace(/\{([^{}]*)\}/g, (token, name: string) => {
    if (name === 'prefix') return prefix;
    const dateToken = DATE_TOKENS[name];
    if (dateToken) return dateToken.write(date);
    const digits = SEQ_TOKEN.exec(name);
    return digits ? String(value).padStart(Number(digits[1]), '0') : token;
  });
}
