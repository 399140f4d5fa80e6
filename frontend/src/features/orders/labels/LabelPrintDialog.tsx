import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Radio, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { downloadFile, RequestError, uploadFile } from '@/shared/request';
import { orderDetailMessages } from '../detail/messages';
import { labelMessages } from './messages';
import { LABEL_TEMPLATES, labelFileNames, parseOrderNumbers, type LabelTemplate } from './labelInput';

const DIALOG_WIDTH = 475;

type Action = 'template' | 'export' | 'pdf' | 'upload';

/**
 * The label print dialog (seed 2 section 2.7): order numbers one per line, a 100*100mm template, and
 * three files — the template itself (for the label printer's software), the label data as text, and the
 * labels ready to print as a PDF. A template nobody uploaded yet is explained (who uploads it, where) with
 * the built-in PDF labels offered instead.
 */
export function LabelPrintDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(orderDetailMessages);
  const label = useMessages(labelMessages);
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<LabelTemplate>('qrCode');
  const [busy, setBusy] = useState<Action | null>(null);
  // the template the server answered 404 for: explained below, until another is chosen or uploaded
  const [missing, setMissing] = useState<LabelTemplate | null>(null);
  // the templates are shared by everyone: replacing one is an administrator's setting
  const mayUpload = usePermission(['deploy:modify']);

  async function run(action: Action) {
    const orderNos = parseOrderNumbers(text);
    if (action !== 'template' && orderNos.length === 0) {
      message.warning(t('labelNoNumbers'));
      return;
    }
    const names = labelFileNames(dayjs().format('YYYY-MM-DD'), template);
    setBusy(action);
    try {
      if (action === 'template') await downloadFile(`/order/label/template/export/${template}`, {}, names.template);
      // labels made without PUBLIC_BASE_URL carry no tracking link: say so rather than let it pass unnoticed
      const onStart = (headers: Headers) => headers.get('x-label-notice') === 'no-tracking-link' && message.warning(t('labelNoTrackingLink'), 8);
      if (action === 'export') await downloadFile('/order/label/export', { orderNos }, names.export, { onStart });
      if (action === 'pdf') await downloadFile('/order/label/pdf', { orderNos, template }, names.pdf, { onStart });
    } catch (error) {
      if (action === 'template' && error instanceof RequestError && error.status === 404) setMissing(template);
      else message.error(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File) {
    setBusy('upload');
    try {
      message.success((await uploadFile(`/order/label/template/upload/${template}`, file)).message);
      setMissing(null);
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal open={open} title={label('labelTitle')} width={DIALOG_WIDTH} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12} data-testid="label-dialog">
        <Input.TextArea
          rows={8}
          value={text}
          placeholder={t('labelPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          data-testid="label-numbers"
        />
        <Radio.Group
          value={template}
          onChange={(event) => {
            setTemplate(event.target.value as LabelTemplate);
            setMissing(null);
          }}
          data-testid="label-template"
        >
          {LABEL_TEMPLATES.map((name) => (
            <Radio key={name} value={name}>
              {`${name} (100*100mm)`}
            </Radio>
          ))}
        </Radio.Group>
        {missing ? (
          <Alert
            type="info"
            showIcon
            closable={{ onClose: () => setMissing(null) }}
            title={t('labelTemplateMissingTitle', { name: missing })}
            description={
              <Flex vertical gap={8} align="flex-start">
                <Typography.Text>
                  {t('labelTemplateWhoUploads')} {mayUpload ? t('labelTemplateYouUpload') : null}
                </Typography.Text>
                <Typography.Text>{t('labelTemplateUseBuiltIn')}</Typography.Text>
                <Button
                  type="primary"
                  size="small"
                  icon={<PrinterOutlined />}
                  loading={busy === 'pdf'}
                  onClick={() => void run('pdf')}
                  data-testid="label-template-missing-pdf"
                >
                  {t('labelPrintBuiltIn')}
                </Button>
              </Flex>
            }
            data-testid="label-template-missing"
          />
        ) : null}
        <Flex gap={8} justify="flex-end">
          {mayUpload ? (
            <Upload
              accept=".btw"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={busy === 'upload'} data-testid="label-template-upload">
                {t('labelUploadTemplate')}
              </Button>
            </Upload>
          ) : null}
          <Button loading={busy === 'template'} onClick={() => void run('template')} data-testid="label-template-download">
            {t('labelDownloadTemplate')}
          </Button>
          <Button type="primary" loading={busy === 'export'} onClick={() => void run('export')} data-testid="label-export">
            {t('labelExport')}
          </Button>
          <Button loading={busy === 'pdf'} onClick={() => void run('pdf')} data-testid="label-pdf">
            {t('labelPdf')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
