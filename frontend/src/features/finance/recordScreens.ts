import {
  AUDITOR_MOVES,
  type PermissionCode,
  RECORD_KINDS,
  RECORD_VIEWS,
  type RecordKind,
  type RecordMove,
  type RecordStatus,
  type RecordView,
} from '@forwarder/domain';
/**
 * The twelve record screens as data: two kinds (outgoing: expense reimbursement; entry: payment
 * hand-in) times six screens, one per state plus the read-only ledger. Each screen says which
 * records it lists, which columns it adds, and which toolbar (batch) and row actions it offers; each
 * action says which permission codes allow it (the server checks the same). The page is one component.
 */

/** The screens of each kind: one per state plus the ledger (detailed), as the server lists them (RECORD_VIEWS). */
export const RECORD_SCREENS = Object.keys(RECORD_VIEWS) as RecordView[];

export type RecordAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'submit'
  | 'batchSubmit'
  | 'verify'
  | 'refuse'
  | 'batchVerify'
  | 'batchRefuse'
  | 'amendRefused'
  | 'unlock'
  | 'amendUnlocked'
  | 'relock';

/** Columns some screens add to the common ones. */
export type RecordColumn = 'status' | 'submittedAt' | 'auditor' | 'auditedAt' | 'refuseReason' | 'unlockReason';

/** The code a clerk of each kind holds: salesmen hand in payments, salesmen and operators claim expenses. */
export const KIND_PERMISSION: Record<RecordKind, PermissionCode> = { outgoing: 'finance:outgoing', entry: 'finance:entry' };

/**
 * Who may do what (any of the codes; docs/finance.md, States). A clerk registers, edits, submits,
 * amends and deletes their own records (the server limits them to those); finance audits, unlocks,
 * locks again and amends what was verified.
 */
export function actionPermissions(kind: RecordKind, action: RecordAction): string[] {
  switch (action) {
    case 'add':
      return [KIND_PERMISSION[kind]];
    case 'edit':
    case 'submit':
    case 'batchSubmit':
    case 'amendRefused':
      return [KIND_PERMISSION[kind], 'finance:edit'];
    case 'delete':
      return [KIND_PERMISSION[kind], 'finance:delete'];
    case 'verify':
    case 'refuse':
    case 'batchVerify':
    case 'batchRefuse':
      return ['finance:audit'];
    case 'unlock':
    case 'relock':
      return ['finance:unlock'];
    case 'amendUnlocked':
      return ['finance:edit'];
  }
}

export interface ScreenSettings {
  /** the records listed: one state, or every state for the ledger */
  status: RecordStatus | null;
  columns: readonly RecordColumn[];
  /** above the table: add, and the batch actions over the selected rows */
  toolbar: readonly RecordAction[];
  row: readonly RecordAction[];
}

export const SCREEN_SETTINGS: Record<RecordView, ScreenSettings> = {
  register: { status: 'registered', columns: [], toolbar: ['add', 'batchSubmit'], row: ['edit', 'submit', 'delete'] },
  audit: { status: 'pending', columns: ['submittedAt'], toolbar: ['batchVerify', 'batchRefuse'], row: ['verify', 'refuse', 'delete'] },
  refuse: { status: 'refused', columns: ['auditor', 'auditedAt', 'refuseReason'], toolbar: [], row: ['amendRefused', 'delete'] },
  locked: { status: 'locked', columns: ['auditor', 'auditedAt'], toolbar: [], row: ['unlock'] },
  unlocked: { status: 'unlocked', columns: ['auditor', 'auditedAt', 'unlockReason'], toolbar: [], row: ['amendUnlocked', 'relock'] },
  detailed: { status: null, columns: ['status', 'auditor', 'auditedAt'], toolbar: [], row: [] },
};

/** Batch actions need rows to act on. */
export const BATCH_ACTIONS: readonly RecordAction[] = ['batchSubmit', 'batchVerify', 'batchRefuse'];

/** The kind and screen a route shows: /finance/{kind}/{screen}. */
export function recordScreenOf(path: string): { kind: RecordKind; screen: RecordView } | null {
  const [kind, screen] = path.replace(/\/+$/, '').split('/').slice(-2);
  if (!(RECORD_KINDS as readonly string[]).includes(kind) || !(RECORD_SCREENS as readonly string[]).includes(screen)) return null;
  return { kind: kind as RecordKind, screen: screen as RecordView };
}

/** The toolbar of a screen: the actions the user may use. */
export function toolbarActions(kind: RecordKind, screen: RecordView, may: (codes: string[]) => boolean): RecordAction[] {
  return SCREEN_SETTINGS[screen].toolbar.filter((action) => may(actionPermissions(kind, action)));
}

/** What a row offers: the screen's actions the user may use, for a record in the screen's state. */
/** The move each action makes on a record (the state table's names). */
const ACTION_MOVE: Record<Exclude<RecordAction, 'add'>, RecordMove> = {
  edit: 'update',
  delete: 'delete',
  submit: 'submit',
  batchSubmit: 'submit',
  verify: 'pass',
  batchVerify: 'pass',
  refuse: 'refuse',
  batchRefuse: 'refuse',
  amendRefused: 'amendRefused',
  unlock: 'unlock',
  amendUnlocked: 'amendUnlocked',
  relock: 'lock',
};

/**
 * Whether segregation of duties keeps the user from the action on the record: an auditor's step on a
 * record the server says they registered (`selfAuditBarred`, which follows finance.allowSelfApproval).
 */
export function barredForSelf(action: RecordAction, row: { selfAuditBarred: boolean }): boolean {
  return action !== 'add' && row.selfAuditBarred && (AUDITOR_MOVES as readonly RecordMove[]).includes(ACTION_MOVE[action]);
}

export function rowActions(kind: RecordKind, screen: RecordView, row: { status: RecordStatus }, may: (codes: string[]) => boolean): RecordAction[] {
  const settings = SCREEN_SETTINGS[screen];
  // a list read a moment ago may hold a record someone has moved on since
  if (settings.status !== null && row.status !== settings.status) return [];
  return settings.row.filter((action) => may(actionPermissions(kind, action)));
}
