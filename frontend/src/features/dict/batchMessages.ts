import { defineMessages } from '@/shared/i18n';

export const dictMessages = defineMessages(
  {
    batchTitle: '字典值批量修改',
    dictName: '字典名',
    oldValue: '旧字典值',
    newValue: '新字典值',
    confirm: '此操作贯通全系统所涉及到的全部替换, 是否继续？',
    notice: '提示',
    submit: '确定',
  },
  {
    batchTitle: 'Bulk dictionary value change',
    dictName: 'Dictionary',
    oldValue: 'Old value',
    newValue: 'New value',
    confirm: 'This replaces the value everywhere in the system. Continue?',
    notice: 'Notice',
    submit: 'OK',
  },
  {
    dictNamePlaceholder: 'dictBatchCodeRequired',
    dictNameRequired: 'dictBatchCodeRequired',
    oldValueRequired: 'dictBatchOldValueRequired',
    newValueRequired: 'dictBatchNewValueRequired',
    updated: 'dictBatchUpdated',
  },
);
