import { breakListProblem, isAmount, MAX_BREAKS, PRICE_PLACES, PRICE_UNITS, type PriceBreak, type ShipType } from '@forwarder/domain';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select, Typography, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextFields } from '@/shared/components/TextField';
import { useDictOptions } from '@/features/customers';
import { useMessages } from '@/shared/i18n';
import { FormDialog, listMessages, useFormDialog } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { addPrice, updatePrice, useRefreshPrices, type Price, type PriceFields } from './api';
import { usePortSelect } from './PortSelect';
import { priceMessages } from './messages';

const DAY = 'YYYY-MM-DD';
const BREAK_INPUT_WIDTH = 200;

/** The form holds the price's fields, its validity as one range and its breaks as they are typed. */
type PriceForm = Omit<PriceFields, 'validFrom' | 'validTo' | 'remark' | 'breaks'> & {
  validity: [Dayjs, Dayjs];
  remark?: string;
  breaks: Partial<PriceBreak>[];
};

/** The fields the form edits as the price holds them. */
const AS_STORED = ['kind', 'originPortId', 'destinationPortId', 'channel', 'unit', 'currency', 'minCharge'] as const;

const CHANNEL = [{ name: 'channel', max: 100, length: 'channelLength', required: 'channelRequired', testId: 'price-channel' }] as const;

const NEW_PRICE: Partial<PriceForm> = { kind: 'quotation', unit: 'kg', minCharge: 0, breaks: [{ minQuantity: 0 }] };

function formOf(price: Price): PriceForm {
  const stored = Object.fromEntries(AS_STORED.map((field) => [field, price[field]])) as Pick<Price, (typeof AS_STORED)[number]>;
  return { ...stored, validity: [dayjs(price.validFrom), dayjs(price.validTo)], remark: price.remark ?? undefined, breaks: price.breaks };
}

function fieldsOf({ validity, breaks, ...values }: PriceForm): PriceFields {
  return { ...values, validFrom: validity[0].format(DAY), validTo: validity[1].format(DAY), breaks: breaks as PriceBreak[] };
}

/**
 * Adds a price to a line, or edits one (the whole price with its breaks, and the `ver` it was read
 * with). The kind is chosen once; cost prices only with price:cost.
 */
export function PriceDialog({ shipType, price, open, onClose }: { shipType: ShipType; price: Price | null; open: boolean; onClose: () => void }) {
  const t = useMessages(priceMessages);
  const common = useMessages(listMessages);
  const refresh = useRefreshPrices();
  const maySeeCost = usePermission(['price:cost']);
  const currencies = useDictOptions('currency');
  const origins = usePortSelect(shipType, 'start', price?.originPort);
  const destinations = usePortSelect(shipType, 'end', price?.destinationPort);
  const dialog = useFormDialog({
    save: (values: PriceForm) => {
      const fields = { ...fieldsOf(values), shipType };
      return price ? updatePrice({ ...fields, id: price.id, ver: price.ver }) : addPrice(fields);
    },
    onSaved: () => void refresh(),
    onClose,
    opening: { open, record: price, valuesOf: formOf, blank: NEW_PRICE },
  });

  const amountRule = (places: number, text: string): FormRule => ({
    validator: (_, value: unknown) => (value === undefined || value === null || isAmount(value, places) ? Promise.resolve() : Promise.reject(new Error(text))),
  });
  const required = (text: string): FormRule => ({ required: true, message: text });

  return (
    <FormDialog
      dialog={dialog}
      width={760}
      title={price ? t('editTitle', { id: price.id }) : t('addTitle')}
      okText={t('submit')}
      submitTestId="price-submit"
      formName="price"
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="kind" label={t('kind')} rules={[required(t('kindRequired'))]}>
            <Select
              disabled={price !== null}
              options={[{ value: 'quotation', label: t('kindQuotation') }, ...(maySeeCost ? [{ value: 'cost', label: t('kindCost') }] : [])]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="originPortId" label={t('origin')} rules={[required(t('originRequired'))]}>
            <Select {...origins} showSearch={{ optionFilterProp: 'label' }} placeholder={t('selectPlaceholder')} data-testid="price-origin" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="destinationPortId" label={t('destination')} rules={[required(t('destinationRequired'))]}>
            <Select {...destinations} showSearch={{ optionFilterProp: 'label' }} placeholder={t('selectPlaceholder')} data-testid="price-destination" />
          </Form.Item>
        </Col>
        <TextFields fields={CHANNEL} t={t} col={{ span: 8 }} />
        <Col span={8}>
          <Form.Item name="unit" label={t('unit')} rules={[required(t('unitRequired'))]}>
            <Select options={PRICE_UNITS.map((unit) => ({ value: unit, label: unit }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="currency" label={t('currency')} rules={[required(t('currencyRequired'))]}>
            <Select options={currencies.options} loading={currencies.loading} placeholder={t('selectPlaceholder')} data-testid="price-currency" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="minCharge"
            label={t('minCharge')}
            rules={[required(t('minChargeInvalid')), amountRule(PRICE_PLACES.minCharge, t('minChargeInvalid'))]}
          >
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="validity" label={t('validity')} rules={[required(t('validityRequired'))]}>
            <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('validFrom'), t('validTo')]} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List
        name="breaks"
        rules={[
          {
            validator: (_, breaks: Partial<PriceBreak>[] | undefined) => {
              const problem = breakListProblem(breaks);
              return problem ? Promise.reject(new Error(t(problem, { max: MAX_BREAKS }))) : Promise.resolve();
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('breaks')} required>
            <Flex vertical>
              <Flex gap={8} style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary" style={{ width: BREAK_INPUT_WIDTH }}>
                  {t('minQuantity')}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ width: BREAK_INPUT_WIDTH }}>
                  {t('unitPrice')}
                </Typography.Text>
              </Flex>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="baseline" data-testid={`price-break-${index}`}>
                  <Form.Item
                    name={[field.name, 'minQuantity']}
                    rules={[required(t('minQuantityInvalid')), amountRule(PRICE_PLACES.minQuantity, t('minQuantityInvalid'))]}
                  >
                    <InputNumber min={0} style={{ width: BREAK_INPUT_WIDTH }} data-testid={`price-break-quantity-${index}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'unitPrice']}
                    rules={[required(t('unitPriceInvalid')), amountRule(PRICE_PLACES.unitPrice, t('unitPriceInvalid'))]}
                  >
                    <InputNumber min={0} style={{ width: BREAK_INPUT_WIDTH }} data-testid={`price-break-price-${index}`} />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={common('delete')} onClick={() => remove(field.name)} />
                  ) : null}
                </Flex>
              ))}
              {fields.length < MAX_BREAKS ? (
                <div>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} data-testid="price-break-add">
                    {t('addBreak')}
                  </Button>
                </div>
              ) : null}
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 500, message: t('remarkLength') }]}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormDialog>
  );
}
