import { isAirLine } from '@forwarder/domain';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { TextFields } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { addPort, updatePort, useRefreshPorts, type Port, type PortFields } from './api';
import { portMessages } from './messages';
import { isPortCode, type PortScreen } from './portRules';

const NEW_PORT: Partial<PortFields> = { enabled: true, sort: 0 };
/** The port's text fields: the most characters each takes, and the messages when too long or (required ones) left empty. */
const TEXT_FIELDS = [
  { name: 'country', max: 60, length: 'countryLength', required: 'countryRequired', testId: 'port-country' },
  { name: 'nameZh', max: 100, length: 'nameZhLength', required: 'nameZhRequired', testId: 'port-name-zh' },
  { name: 'nameEn', max: 100, length: 'nameEnLength', required: 'nameEnRequired', testId: 'port-name-en' },
  { name: 'city', max: 60, length: 'cityLength' },
] as const;

const valuesOfPort = (port: Port): Partial<PortFields> => port;

/** Adds a port to the screen's line and kind, or edits one (`port` given) with the `ver` it was read with. */
export function PortDialog({ screen, port, open, onClose }: { screen: PortScreen; port: Port | null; open: boolean; onClose: () => void }) {
  const t = useMessages(portMessages);
  const refresh = useRefreshPorts();
  const air = isAirLine(screen.shipType);
  const dialog = useFormDialog({
    save: (values: PortFields) => {
      const body = { ...values, code: values.code.trim().toUpperCase(), city: values.city ?? '', sort: values.sort ?? 0, ...screen };
      return port ? updatePort({ ...body, id: port.id, ver: port.ver }) : addPort(body);
    },
    onSaved: () => void refresh(),
    onClose,
    opening: { open, record: port, valuesOf: valuesOfPort, blank: NEW_PORT },
  });

  return (
    <FormDialog
      dialog={dialog}
      width={560}
      title={port ? t('editTitle', { code: port.code }) : t('addTitle')}
      okText={t('submit')}
      submitTestId="port-submit"
      formName="port"
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="code"
            label={t('code')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[
              { required: true, whitespace: true, message: t('codeRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || isPortCode(screen.shipType, value) ? Promise.resolve() : Promise.reject(new Error(t(air ? 'codeAir' : 'codeSea'))),
              },
            ]}
          >
            <Input maxLength={air ? 3 : 5} placeholder={t(air ? 'codePlaceholderAir' : 'codePlaceholderSea')} data-testid="port-code" />
          </Form.Item>
        </Col>
        <TextFields fields={TEXT_FIELDS} t={t} col={{ span: 12 }} />
        <Col span={6}>
          <Form.Item name="sort" label={t('sort')} rules={[{ type: 'integer', min: 0, max: 9999, message: t('sortInvalid') }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
