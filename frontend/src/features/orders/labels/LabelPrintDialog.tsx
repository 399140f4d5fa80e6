import { LABEL_TEMPLATES, type LabelTemplate } from '@forwarder/domain';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Radio, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { downloadFile, fetchFile, RequestError, saveFile, uploadFile } from '@/shared/request';
import { orderDetailMessages } from '../detail/messages';
import { labelMessages } from './messages';
import { labelFileNames, parseOrderNumbers } from './labelInput';

const DIALOG_WIDTH = 475;

type Action = 'template' | 'export' | 'pdf' | 'preview' | 'upload';

/** The numbers the server printed no label for (X-Label-Unknown: URI-encoded, comma-separated), none when the header is absent. */
export function unknownNumbers(headers: Headers): string[] {
  const header = headers.get('x-label-unknown');
  return header ? decodeURIComponent(header).split(',').filter(Boolean) : [];
}

/** The label PDF shown before it is saved or printed (the browser's own PDF viewer has the print button). */
function LabelPreview({ file, onClose }: { file: { blob: Blob; name: string; url: string } | null; onClose: () => void }) {
  const label = useMessages(labelMessages);
  return (
    <Modal
      open={!!file}
      title={label('labelPreviewTitle')}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {label('labelPreviewClose')}
        </Button>,
        <Button key="save" type="primary" onClick={() => file && saveFile(file.blob, file.name)} data-testid="label-preview-save">
          {label('labelPreviewSave')}
        </Button>,
      ]}
    >
      {file ? <iframe src={file.url} title={file.name} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="label-preview-frame" /> : null}
    </Modal>
  );
}

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
  const [preview, setPreview] = useState<{ blob: Blob; name: string; url: string } | null>(null);
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
    // one toast per kind however often it is raised (a key replaces the one shown)
    const onStart = (headers: Headers) => {
      // labels made without PUBLIC_BASE_URL carry no tracking link: say so rather than let it pass unnoticed
      if (headers.get('x-label-notice') === 'no-tracking-link')
        message.warning({ key: 'label-no-tracking-link', content: t('labelNoTrackingLink'), duration: 8 });
      const unknown = unknownNumbers(headers);
      if (unknown.length)
        message.warning({ key: 'label-unknown', content: label('labelUnknownNumbers', { count: unknown.length, list: unknown.join(', ') }), duration: 10 });
      // no template uploaded yet: the built-in layout came, explained below
      if (headers.get('x-label-template') === 'built-in') setMissing(template);
    };
    try {
      if (action === 'template') await downloadFile(`/order/label/template/export/${template}`, {}, names.template, { onStart });
      if (action === 'export') await downloadFile('/order/label/export', { orderNos }, names.export, { onStart });
      if (action === 'pdf') await downloadFile('/order/label/pdf', { orderNos, template }, names.pdf, { onStart });
      if (action === 'preview') {
        const file = await fetchFile('/order/label/pdf', { orderNos, template }, names.pdf);
        onStart(file.headers);
        setPreview({ blob: file.blob, name: file.name, url: URL.createObjectURL(file.blob) });
      }
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
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
          <Button loading={busy === 'preview'} onClick={() => void run('preview')} data-testid="label-preview">
            {label('labelPreview')}
          </Button>
          <Button loading={busy === 'pdf'} onClick={() => void run('pdf')} data-testid="label-pdf">
            {t('labelPdf')}
          </Button>
        </Flex>
      </Flex>
      <LabelPreview
        file={preview}
        onClose={() => {
          if (preview) URL.revokeObjectURL(preview.url);
          setPreview(null);
        }}
      />
    </Modal>
  );
}
