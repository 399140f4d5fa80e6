import { ISSUE_TEXT_MAX_LENGTH } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { addIssue, getIssue, updateIssue, useUserOptions, type Issue } from './api';
import { fromStoredText, toStoredText } from './issueText';
import { imageIdsOf, uploadedFile, type UploadAnswer } from './images';
import { ImageField } from './ImageField';
import { issueBoardMessages } from './messages';
import { PostDialog, PostText } from './PostDialog';

interface IssueValues {
  processedUserId: number;
  detail: string;
  images?: UploadFile<UploadAnswer>[];
}

/**
 * 发布问题 on an order, or '{id} 编辑问题' of the given issue (its current text, handler, images and
 * `ver` are read again when the dialog opens). `onSaved` follows a successful save only.
 */
export function IssueForm({
  open,
  orderId,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  orderId: number;
  /** the issue to edit (as listed: its handler's name labels the select), or null to raise a new one */
  editing: Issue | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useMessages(issueBoardMessages);
  const [form] = Form.useForm<IssueValues>();
  const detail = useQuery({
    queryKey: ['order', 'bbs', 'detail', editing?.id],
    queryFn: () => getIssue(editing!.id),
    enabled: open && editing !== null,
    gcTime: 0,
  });
  const current = detail.data;

  useEffect(() => {
    if (!open || !current) return;
    form.setFieldsValue({ processedUserId: current.processedUserId, detail: fromStoredText(current.detail), images: current.files.map(uploadedFile) });
  }, [open, current, form]);

  const save = useSave({
    form,
    save: (values: IssueValues) => {
      const fields = { processedUserId: values.processedUserId, detail: toStoredText(values.detail), photoIds: imageIdsOf(values.images) };
      return editing ? updateIssue({ ...fields, id: editing.id, orderId, ver: current?.ver ?? editing.ver }) : addIssue(orderId, fields);
    },
    onSaved: () => {
      onSaved();
      onClose();
    },
  });

  return (
    <PostDialog
      open={open}
      title={editing ? t('editIssue', { id: editing.id }) : t('postIssue')}
      form={form}
      name="bbs-issue-form"
      loading={editing !== null && (detail.isFetching || !current)}
      saving={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="processedUserId" label={t('handler')} validateTrigger="onChange" rules={[{ required: true, message: t('handlerRequired') }]}>
        <HandlerSelect open={open} current={editing ? { id: editing.processedUserId, fullName: editing.processedUserName ?? '' } : null} />
      </Form.Item>
      <PostText
        label={t('content')}
        requiredMessage={t('contentRequired')}
        lengthMessage={t('contentLength', { max: ISSUE_TEXT_MAX_LENGTH })}
        placeholder={t('contentPlaceholder')}
        rows={5}
        testId="bbs-issue-detail"
      />
      <ImageField />
    </PostDialog>
  );
}

/**
 * The handler picker: the default list (no key) loads when the dialog opens and again after clearing;
 * typing searches by key.
 */
function HandlerSelect({
  open,
  current,
  value,
  onChange,
}: {
  open: boolean;
  current: { id: number; fullName: string } | null;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const t = useMessages(issueBoardMessages);
  const [typed, setTyped] = useState('');
  const key = useDebounced(typed.trim());
  const users = useUserOptions(key, open);
  const found = users.data ?? [];
  const options = [...(current && !found.some((user) => user.id === current.id) ? [current] : []), ...found].map((user) => ({
    value: user.id,
    label: user.fullName,
  }));
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setTyped('');
      }}
      onClear={() => setTyped('')}
      loading={users.isFetching}
      options={options}
      placeholder={t('handlerPlaceholder')}
      data-testid="bbs-issue-handler"
    />
  );
}
