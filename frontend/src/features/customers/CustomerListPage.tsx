import type { CustomerList } from '@forwarder/domain';
import { Result } from 'antd';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { ListPage, usePagedList } from '@/shared/list';
import { CUSTOMER_LIST_PATH, type CustomerFilters, type CustomerRow } from './api';
import { useCustomerColumns } from './customerColumns';
import { useCustomerListDialogs } from './CustomerListDialogs';
import { customerListOf } from './customerLists';
import { useCustomerActionButton } from './CustomerRowActions';
import { CustomerSearchFields } from './CustomerSearchFields';

/** The one screen of the seven customer lists (/customers/checkList …): the route says which list. */
export function CustomerListPage() {
  const list = customerListOf(usePageRoute().path);
  return list ? <CustomerListScreen key={list} list={list} /> : <Result status="404" />;
}

/** A list composed of its parts: search fields, columns, row actions and dialogs, each in a file of its own. */
function CustomerListScreen({ list }: { list: CustomerList }) {
  const paged = usePagedList<CustomerRow, CustomerFilters>(CUSTOMER_LIST_PATH, { list });
  const { openers, openDetail, dialogs } = useCustomerListDialogs();
  const actionButton = useCustomerActionButton(openers);
  const columns = useCustomerColumns(list, { actionButton, onOpenDetail: openDetail });

  return (
    <>
      <ListPage<CustomerRow, CustomerFilters>
        list={paged}
        columns={columns}
        fixedFilters={{ list }}
        testId={`customer-list-${list}`}
        exportPath="/customers/list/export"
        exportName={`customers-${list}.xlsx`}
        searchFields={<CustomerSearchFields list={list} />}
      />
      {dialogs}
    </>
  );
}
