import dayjs, { type Dayjs } from 'dayjs';

/**
 * Form.Item props that keep a DatePicker's value as the server's `YYYY-MM-DD` text, so a search form's
 * values go to the list call as they are.
 */
export const dayField = {
  normalize: (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined),
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : undefined }),
};

/** Today as the server's day text. */
export const today = () => dayjs().format('YYYY-MM-DD');
