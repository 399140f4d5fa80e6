import { act } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './ListPage';
import type { PagedList } from './usePagedList';
import { renderInApp as render, serveData } from '@/test/render';

interface Row {
  id: number;
  name: string;
}

const list: PagedList<Row, object> = {
  data: { items: [{ id: 1, name: 'A' }], pageIndex: 1, pageSize: 20, totalCount: 1, totalPage: 1 },
  isFetching: false,
  filters: {},
  pageIndex: 1,
  pageSize: 20,
  search: () => undefined,
  setPage: () => undefined,
  refresh: async () => undefined,
};

const innerHeight = window.innerHeight;
afterEach(() => {
  window.innerHeight = innerHeight;
});

const bodyHeight = (container: HTMLElement) => (container.querySelector('.ant-table-body') as HTMLElement).style.maxHeight;

describe('a list screen', () => {
  beforeEach(() => serveData());

  it("scrolls its table within the window's height less 291, following the window as it is resized", () => {
    window.innerHeight = 900;
    const { container } = render(
      <ListPage<Row, object>
        list={list}
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        searchFields={
          <Form.Item name="name">
            <Input />
          </Form.Item>
        }
      />,
    );
    expect(bodyHeight(container)).toBe(`${900 - 291}px`);
    act(() => {
      window.innerHeight = 1000;
      window.dispatchEvent(new Event('resize'));
    });
    expect(bodyHeight(container)).toBe(`${1000 - 291}px`);
  });

  it('gives 60 px less for each extra row its filters wrap onto', () => {
    window.innerHeight = 900;
    // a narrow window: each filter (and the buttons) on a row of its own
    vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement ? [...this.parentElement.children].indexOf(this) * 44 : 0;
    });
    const { container } = render(
      <ListPage<Row, object>
        list={list}
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        searchFields={['a', 'b'].map((name) => (
          <Form.Item key={name} name={name}>
            <Input />
          </Form.Item>
        ))}
      />,
    );
    expect(bodyHeight(container)).toBe(`${900 - 291 - 2 * 60}px`);
  });
});
