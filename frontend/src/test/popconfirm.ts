import { waitFor } from '@testing-library/react';

/** The OK button of the open Popconfirm (antd spaces its two-character label, 确 定), once it is shown. */
export async function confirmButton(): Promise<HTMLElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
    if (!button) throw new Error('no confirmation open');
    return button;
  });
}
