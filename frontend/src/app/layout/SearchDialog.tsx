import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useNavigate } from 'react-router';
import { appMessages } from '@/app/messages';
import { findRouteByName, type RouteNode } from '@/shared/routing/routeTree';
import { allOrdersRouteName, setSearchWord } from '@/shared/orders/searchWord';
import { useShipTypes } from '@/shared/orders/shipTypes';
import { localized, useLanguage, useMessages } from '@/shared/i18n';

interface SearchForm {
  shipType: string;
  word: string;
}

/** Searches one line's orders: opens that line's "all orders" page with the word handed over. */
export function SearchDialog({ open, routes, onClose }: { open: boolean; routes: readonly RouteNode[]; onClose: () => void }) {
  const t = useMessages(appMessages);
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SearchForm>();
  const shipTypes = useShipTypes(open);

  function search({ shipType, word }: SearchForm) {
    const page = findRouteByName(routes, allOrdersRouteName(shipType));
    if (!page) {
      const type = shipTypes.data?.find((option) => option.value === shipType);
      message.warning(t('searchNoPage', { type: type ? localized(language, type.text, type.textEn) : shipType }));
      return;
    }
    setSearchWord(shipType, word.trim());
    close();
    void navigate(page.path);
  }

  // Clearing on every close means each opening starts from an empty form.
  function close() {
    form.resetFields();
    onClose();
  }

  return (
    <Modal open={open} width={480} title={t('searchTitle')} footer={null} onCancel={close} forceRender>
      <Form form={form} layout="inline" onFinish={search} className="app-search-form">
        <Form.Item name="shipType" rules={[{ required: true, message: t('searchTypeRequired') }]} className="app-search-type">
          <Select
            placeholder={t('searchTypePlaceholder')}
            aria-label={t('searchType')}
            loading={shipTypes.isFetching}
            options={shipTypes.data?.map((option) => ({ value: option.value, label: localized(language, option.text, option.textEn) }))}
            data-testid="search-type"
          />
        </Form.Item>
        <Form.Item name="word" rules={[{ required: true, whitespace: true, message: t('searchWordRequired') }]} className="app-search-word">
          <Input placeholder={t('searchWordPlaceholder')} aria-label={t('searchWord')} allowClear data-testid="search-word" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="search-submit">
            {t('search')}
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
}
