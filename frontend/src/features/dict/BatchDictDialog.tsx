import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useMessages } from '@/shared/i18n';
import { batchUpdateDictValue, useDictionaries, type DictValueChange } from './api';
import { dictMessages } from './batchMessages';

const VALUE_MAX_LENGTH = 225;

/** Replaces one dictionary value by another everywhere it is used, after a confirmation. */
export function BatchDictDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(dictMessages);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DictValueChange>();
  const dictCode = Form.useWatch('dictCode', form);
  const options = useDictionaries(open);
  const mutation = useMutation({
    mutationFn: batchUpdateDictValue,
    onSuccess: () => {
      message.success(t('updated'));
      close();
    },
  });

  function close() {
    form.resetFields();
    onClose();
  }

  function confirmChange(change: DictValueChange) {
    modal.confirm({
      title: t('notice'),
      content: t('confirm'),
      // The failure is already shown by the request client; the confirmation just closes.
      onOk: () => mutation.mutateAsync(change).catch(() => undefined),
    });
  }

  return (
    <Modal
      open={open}
      width={300}
      title={t('batchTitle')}
      okText={t('submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={confirmChange}>
        <Form.Item name="dictCode" label={t('dictName')} rules={[{ required: true, message: t('dictNameRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('dictNamePlaceholder')}
            loading={options.isFetching}
            options={options.data?.map((dict) => ({ value: dict.dictCode, label: dict.dictName }))}
            data-testid="dict-name"
          />
        </Form.Item>
        <Form.Item name="oldDictValue" label={t('oldValue')} rules={[{ required: true, whitespace: true, message: t('oldValueRequired') }]}>
          <Input.TextArea maxLength={VALUE_MAX_LENGTH} disabled={!dictCode} autoSize={{ minRows: 2 }} data-testid="dict-old-value" />
        </Form.Item>
        <Form.Item name="newDictValue" label={t('newValue')} rules={[{ required: true, whitespace: true, message: t('newValueRequired') }]}>
          <Input.TextArea maxLength={VALUE_MAX_LENGTH} disabled={!dictCode} autoSize={{ minRows: 2 }} data-testid="dict-new-value" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
