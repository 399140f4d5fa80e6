import { defineMessages, sharedMessages } from '@/shared/i18n';

const shared = sharedMessages({ saved: 'ok' });

export const listMessages = defineMessages(
  {
    ...shared.zh,
    search: '查询',
    reset: '重置',
    refresh: '刷新',
    total: '共 {count} 条',
    totalCapped: '超过 {count} 条，请缩小查询范围',
    actions: '操作',
    add: '新增',
    edit: '编辑',
    delete: '删除',
    deleteConfirm: '确定要删除该条记录吗？',
    confirm: '确定',
    cancel: '取消',
    empty: '----',
  },
  {
    ...shared.en,
    search: 'Search',
    reset: 'Reset',
    refresh: 'Refresh',
    total: '{count} in total',
    totalCapped: 'More than {count}; narrow the search',
    actions: 'Actions',
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: 'Delete this record?',
    confirm: 'OK',
    cancel: 'Cancel',
    empty: '----',
  },
);
