import { defineMessages } from '@/shared/i18n';

export const dictMessages = defineMessages(
  {
    batchTitle: '字典值批量修改',
    dictName: '字典名',
    dictNamePlaceholder: '请选择字典名',
    dictNameRequired: '请选择字典名',
    oldValue: '旧字典值',
    oldValueRequired: '请选择旧字典值',
    newValue: '新字典值',
    newValueRequired: '请输入新字典值',
    confirm: '此操作贯通全系统所涉及到的全部替换, 是否继续？',
    notice: '提示',
    updated: '修改成功',
    submit: '确定',
  },
  {
    batchTitle: 'Bulk dictionary value change',
    dictName: 'Dictionary',
    dictNamePlaceholder: 'Select a dictionary',
    dictNameRequired: 'Select a dictionary',
    oldValue: 'Old value',
    oldValueRequired: 'Enter the old value',
    newValue: 'New value',
    newValueRequired: 'Enter the new value',
    confirm: 'This replaces the value everywhere in the system. Continue?',
    notice: 'Notice',
    updated: 'Changed',
    submit: 'OK',
  },
);
