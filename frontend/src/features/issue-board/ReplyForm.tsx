import { ISSUE_TEXT_MAX_LENGTH } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, type UploadFile } from 'antd';
import { useEffect } from 'react';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { addReply, getReply, updateReply } from './api';
import { fromStoredText, toStoredText } from './issueText';
import { imageIdsOf, uploadedFile, type UploadAnswer } from './images';
import { ImageField } from './ImageField';
import { issueBoardMessages } from './messages';
import { PostDialog, PostText } from './PostDialog';

interface ReplyValues {
  detail: string;
  images?: UploadFile<UploadAnswer>[];
}

/** What the reply form is for: a new reply to an issue, or editing one of the replies. */
export type ReplyTarget = { issueId: number; replyId?: undefined } | { replyId: number; issueId?: undefined };

/** '{id} 回复问题' (id of the issue) or '{id} 编辑回复' (id of the reply, read again on opening). */
export function ReplyForm({ target, onClose, onSaved }: { target: ReplyTarget | null; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(issueBoardMessages);
  const [form] = Form.useForm<ReplyValues>();
  const replyId = target?.replyId;
  const detail = useQuery({ queryKey: ['order', 'bbs', 'reply', replyId], queryFn: () => getReply(replyId!), enabled: replyId !== undefined, gcTime: 0 });
  const current = detail.data;

  useEffect(() => {
    if (replyId === undefined || !current) return;
    form.setFieldsValue({ detail: fromStoredText(current.detail), images: current.files.map(uploadedFile) });
  }, [replyId, current, form]);

  const save = useSave({
    form,
    save: (values: ReplyValues) => {
      const fields = { detail: toStoredText(values.detail), photoIds: imageIdsOf(values.images) };
      if (target?.replyId !== undefined) return updateReply({ ...fields, id: target.replyId, ver: current?.ver ?? 0 });
      return addReply(target!.issueId, fields);
    },
    onSaved: () => {
      onSaved();
      onClose();
    },
  });

  return (
    <PostDialog
      open={target !== null}
      title={replyId !== undefined ? t('editReply', { id: replyId }) : t('replyTitle', { id: target?.issueId ?? '' })}
      form={form}
      name="bbs-reply-form"
      loading={replyId !== undefined && !current}
      saving={save.isPending}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <PostText
        label={t('replyContent')}
        requiredMessage={t('replyRequired')}
        lengthMessage={t('replyLength', { max: ISSUE_TEXT_MAX_LENGTH })}
        placeholder={t('replyPlaceholder')}
        testId="bbs-reply-detail"
      />
      <ImageField />
    </PostDialog>
  );
}
