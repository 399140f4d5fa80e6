import { describe, expect, it } from 'vitest';
import { actionPermissions, barredForSelf, recordScreenOf, rowActions, SCREEN_SETTINGS, toolbarActions, type RecordAction } from './recordScreens';

/** What a user holding these codes may do (any of the codes an action asks). */
const holding =
  (...codes: string[]) =>
  (asked: string[]) =>
    asked.some((code) => codes.includes(code));
const everything = () => true;

describe('recordScreenOf', () => {
  it('reads the kind and the screen from the route', () => {
    expect(recordScreenOf('/finance/outgoing/register')).toEqual({ kind: 'outgoing', screen: 'register' });
    expect(recordScreenOf('/finance/entry/audit/')).toEqual({ kind: 'entry', screen: 'audit' });
  });

  it('knows no other route', () => {
    expect(recordScreenOf('/finance/arrears')).toBeNull();
    expect(recordScreenOf('/finance/entry/archive')).toBeNull();
  });
});

describe('screen settings', () => {
  it('lists one state per screen and every state on the ledger', () => {
    expect(Object.fromEntries(Object.entries(SCREEN_SETTINGS).map(([screen, settings]) => [screen, settings.status]))).toEqual({
      register: 'registered',
      audit: 'pending',
      refuse: 'refused',
      locked: 'locked',
      unlocked: 'unlocked',
      detailed: null,
    });
  });

  it('offers each state only the moves the server allows from it', () => {
    const row = (screen: keyof typeof SCREEN_SETTINGS) => rowActions('entry', screen, { status: SCREEN_SETTINGS[screen].status ?? 'locked' }, everything);
    expect(row('register')).toEqual<RecordAction[]>(['edit', 'submit', 'delete']);
    expect(row('audit')).toEqual<RecordAction[]>(['verify', 'refuse', 'delete']);
    expect(row('refuse')).toEqual<RecordAction[]>(['amendRefused', 'delete']);
    expect(row('locked')).toEqual<RecordAction[]>(['unlock']);
    expect(row('unlocked')).toEqual<RecordAction[]>(['amendUnlocked', 'relock']);
    expect(row('detailed')).toEqual([]);
  });

  it('puts registering and the batch moves above the table', () => {
    expect(toolbarActions('outgoing', 'register', everything)).toEqual<RecordAction[]>(['add', 'batchSubmit']);
    expect(toolbarActions('outgoing', 'audit', everything)).toEqual<RecordAction[]>(['batchVerify', 'batchRefuse']);
    expect(toolbarActions('outgoing', 'locked', everything)).toEqual([]);
  });

  it('offers nothing on a row whose state moved on since the list was read', () => {
    expect(rowActions('entry', 'audit', { status: 'locked' }, everything)).toEqual([]);
  });
});

describe('permission codes', () => {
  it('lets a salesman register, submit and amend hand-ins, but not audit them', () => {
    const salesman = holding('finance:entry', 'finance:outgoing');
    expect(toolbarActions('entry', 'register', salesman)).toEqual<RecordAction[]>(['add', 'batchSubmit']);
    expect(rowActions('entry', 'register', { status: 'registered' }, salesman)).toEqual<RecordAction[]>(['edit', 'submit', 'delete']);
    expect(rowActions('entry', 'refuse', { status: 'refused' }, salesman)).toEqual<RecordAction[]>(['amendRefused', 'delete']);
    expect(toolbarActions('entry', 'audit', salesman)).toEqual([]);
    expect(rowActions('entry', 'audit', { status: 'pending' }, salesman)).toEqual<RecordAction[]>(['delete']);
    expect(rowActions('entry', 'locked', { status: 'locked' }, salesman)).toEqual([]);
    expect(rowActions('entry', 'unlocked', { status: 'unlocked' }, salesman)).toEqual([]);
  });

  it('keeps an operator, who claims expenses only, off hand-ins', () => {
    const operator = holding('finance:outgoing');
    expect(toolbarActions('outgoing', 'register', operator)).toEqual<RecordAction[]>(['add', 'batchSubmit']);
    expect(toolbarActions('entry', 'register', operator)).toEqual([]);
  });

  it('gives the audit, the unlock and the amendment of a verified record to their codes', () => {
    expect(actionPermissions('entry', 'verify')).toEqual(['finance:audit']);
    expect(actionPermissions('entry', 'batchRefuse')).toEqual(['finance:audit']);
    expect(actionPermissions('outgoing', 'unlock')).toEqual(['finance:unlock']);
    expect(actionPermissions('outgoing', 'relock')).toEqual(['finance:unlock']);
    expect(actionPermissions('outgoing', 'amendUnlocked')).toEqual(['finance:edit']);
    expect(actionPermissions('outgoing', 'delete')).toEqual(['finance:outgoing', 'finance:delete']);
    expect(actionPermissions('entry', 'add')).toEqual(['finance:entry']);
  });

  it('lets an auditor without the unlock code verify but not unlock', () => {
    const auditor = holding('finance:audit', 'finance:list');
    expect(rowActions('outgoing', 'audit', { status: 'pending' }, auditor)).toEqual<RecordAction[]>(['verify', 'refuse']);
    expect(rowActions('outgoing', 'locked', { status: 'locked' }, auditor)).toEqual([]);
  });
});

describe('segregation of duties', () => {
  it('bars the auditor’s steps on a record the server says the user registered, and leaves the registrant’s own steps', () => {
    const own = { selfAuditBarred: true };
    const barred = (['verify', 'refuse', 'batchVerify', 'batchRefuse', 'unlock', 'relock', 'amendUnlocked'] as const).filter((a) => barredForSelf(a, own));
    expect(barred).toEqual(['verify', 'refuse', 'batchVerify', 'batchRefuse', 'unlock', 'relock', 'amendUnlocked']);
    expect((['edit', 'submit', 'batchSubmit', 'amendRefused', 'delete'] as const).some((a) => barredForSelf(a, own))).toBe(false);
    // another's record, or the parameter on (the server then says false): nothing barred
    expect(barredForSelf('verify', { selfAuditBarred: false })).toBe(false);
  });
});
