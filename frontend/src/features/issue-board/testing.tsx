import type { ReactNode } from 'react';
import { renderWithProviders as renderScreen } from '@/test/render';
import type { Issue } from './api';

export { bodyOf, mockApi } from '@/test/render';

/** The test doubles of this area's dialog tests: sample issues, and the dialogs rendered for a holder of order:bbs. */
export function issue(overrides: Partial<Issue>): Issue {
  return {
    id: 1,
    orderId: 9,
    status: 'handle',
    detail: '货物破损<br/>请核实',
    files: [],
    processedUserId: 2,
    processedUserName: '王操作',
    createUserId: 1,
    createUserName: '李销售',
    createTime: '2026-11-20T08:00:00Z',
    modifyTime: '2026-11-21T09:30:00Z',
    ver: 1,
    reply: [],
    ...overrides,
  };
}

export const renderWithProviders = (node: ReactNode) => renderScreen(node, { permissions: ['order:bbs'] });
