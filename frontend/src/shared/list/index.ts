export { ListPage, type ListPageProps } from './ListPage';
export { listMessages } from './messages';
export { usePagedList, type ListPage as ListPageData, type PagedList } from './usePagedList';
export { isStale, serverFieldErrors, useSave } from './useSave';
export { ConfirmAction } from './ConfirmAction';
export { dayBound } from './dayBound';
export { FormDialog, useFormDialog, type FormDialogState } from './FormDialog';
export { actionsColumn, AddButton, RowAction, SearchText } from './ListControls';
export { AddFormButtons, ListAddPage, useAddForm } from './AddPage';
