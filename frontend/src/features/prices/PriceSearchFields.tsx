import type { ShipType } from '@forwarder/domain';
import { DatePicker, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useMessages } from '@/shared/i18n';
import { SearchText } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { priceMessages } from './messages';
import { usePortSelect } from './PortSelect';

const DAY = 'YYYY-MM-DD';

/** The price list's search fields: the kind (for holders of price:cost), the ports of the line, the channel and a day of validity. */
export function PriceSearchFields({ shipType }: { shipType: ShipType }) {
  const t = useMessages(priceMessages);
  const maySeeCost = usePermission(['price:cost']);
  const origins = usePortSelect(shipType, 'start');
  const destinations = usePortSelect(shipType, 'end');
  return (
    <>
      {maySeeCost ? (
        <Form.Item name="kind" label={t('kind')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('all')}
            options={[
              { value: 'quotation', label: t('kindQuotation') },
              { value: 'cost', label: t('kindCost') },
            ]}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="originPortId" label={t('origin')}>
        <Select {...origins} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('all')} />
      </Form.Item>
      <Form.Item name="destinationPortId" label={t('destination')}>
        <Select {...destinations} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('all')} />
      </Form.Item>
      <SearchText name="channel" label={t('channel')} max={100} width={160} />
      <Form.Item
        name="validOn"
        label={t('validOn')}
        // the form holds the day as the server takes it (YYYY-MM-DD)
        getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
        normalize={(value: dayjs.Dayjs | null) => value?.format(DAY)}
      >
        <DatePicker />
      </Form.Item>
    </>
  );
}
