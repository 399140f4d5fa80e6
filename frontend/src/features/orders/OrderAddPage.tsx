import type { ShipType } from '@forwarder/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Result } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { AddFormButtons, serverFieldErrors } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { addOrder, useRefreshOrders, type OrderAddFields } from './api';
import { orderMessages } from './messages';
import { OrderFormFields } from './OrderFormFields';
import { toBody } from './orderForm';
import { orderLineOf } from './orderViews';
import { useShipTypes } from '@/shared/orders/shipTypes';

/** /smallbag/add, /dedicatedline/add, /airtransport/add: one registration form, the line from the route. */
export function OrderAddPage() {
  const shipType = orderLineOf(usePageRoute().path);
  return shipType ? <OrderAddForm key={shipType} shipType={shipType} /> : <Result status="404" />;
}

function OrderAddForm({ shipType }: { shipType: ShipType }) {
  const t = useMessages(orderMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const [form] = Form.useForm<OrderAddFields>();
  const mayAdd = usePermission(['order:add']);
  const line = useShipTypes().data?.find((type) => type.value === shipType);
  const refresh = useRefreshOrders();
  const { message } = App.useApp();
  // "register another" keeps the page; the plain submit goes on to the line's list of all orders
  const stay = useRef(false);
  // the toast names the new order's number, so this is useSave's flow with its own success message
  const mutation = useMutation({
    mutationFn: (values: OrderAddFields) => addOrder(shipType, toBody(values)),
    onSuccess: (order) => {
      message.success(t('added', { no: order.orderNo }));
      void refresh();
      form.resetFields();
      if (!stay.current) void navigate(`/${shipType}/all`);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof OrderAddFields, errors })));
    },
  });
  const submit = (andStay: boolean) => {
    stay.current = andStay;
    form.submit();
  };

  return (
    <Card title={t('addTitle', { line: line ? localized(language, line.text, line.textEn) : shipType })} data-testid="order-add-page">
      <Form<OrderAddFields>
        form={form}
        name={`orderAdd-${shipType}`}
        layout="vertical"
        initialValues={{ peer: false }}
        onFinish={(values) => mutation.mutate(values)}
        style={{ maxWidth: 1080 }}
      >
        <OrderFormFields shipType={shipType} adding />
        {mayAdd ? (
          <AddFormButtons
            submitLabel={t('submit')}
            resetLabel={t('resetForm')}
            isSaving={mutation.isPending}
            submitTestId="order-submit"
            onSubmit={() => submit(false)}
          >
            <Button loading={mutation.isPending} onClick={() => submit(true)} data-testid="order-submit-stay">
              {t('addAnother')}
            </Button>
          </AddFormButtons>
        ) : null}
      </Form>
    </Card>
  );
}
