import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Flex, Form, Input, Popover, Space, Tooltip } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { noticeMessages } from './messages';
import './notice.css';

interface Props {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A small rich-text editor for notices (a form control: value/onChange in HTML): bold, italic, underline,
 * a heading, lists, links, and the HTML source. The browser's editing commands do the work; whatever it
 * produces is sanitised by the server when saved.
 */
export function RichTextEditor({ id, value = '', onChange, placeholder, 'data-testid': testId }: Props) {
  const t = useMessages(noticeMessages);
  const { status } = Form.Item.useStatus();
  const editor = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');

  // Only a value that differs from what the editor shows (loaded, reset, edited as source) is written in:
  // rewriting it on every keystroke would lose the caret.
  useLayoutEffect(() => {
    const node = editor.current;
    if (node && node.innerHTML !== value) node.innerHTML = value;
  }, [value, source]);

  const emit = () => onChange?.(editor.current?.innerHTML ?? '');
  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const rememberSelection = () => {
    const current = window.getSelection();
    const range = current && current.rangeCount ? current.getRangeAt(0) : null;
    selection.current = range && editor.current?.contains(range.commonAncestorContainer) ? range : null;
  };
  const insertLink = () => {
    const url = link.trim();
    setLinkOpen(false);
    setLink('');
    if (!url || !selection.current) return;
    editor.current?.focus();
    const current = window.getSelection();
    current?.removeAllRanges();
    current?.addRange(selection.current);
    if (selection.current.collapsed) run('insertHTML', `<a href="${encodeURI(url)}">${url.replace(/[<>&"]/g, '')}</a>`);
    else run('createLink', url);
  };

  const tool = (title: string, icon: ReactNode, command: string, argument?: string) => (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={title}
        disabled={source}
        // Keeps the selection in the editor: a click would otherwise move the focus to the button.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(command, argument)}
      />
    </Tooltip>
  );

  return (
    <div className={`notice-editor${status === 'error' ? ' notice-editor-error' : ''}`}>
      <Flex className="notice-editor-toolbar" justify="space-between">
        <Space size={2} wrap>
          {tool(t('bold'), <BoldOutlined />, 'bold')}
          {tool(t('italic'), <ItalicOutlined />, 'italic')}
          {tool(t('underline'), <UnderlineOutlined />, 'underline')}
          {tool(t('heading'), <FontSizeOutlined />, 'formatBlock', 'h3')}
          {tool(t('bulletList'), <UnorderedListOutlined />, 'insertUnorderedList')}
          {tool(t('numberedList'), <OrderedListOutlined />, 'insertOrderedList')}
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              if (open) rememberSelection();
              setLinkOpen(open);
            }}
            trigger="click"
            content={
              <Space.Compact>
                <Input
                  autoFocus
                  value={link}
                  placeholder={t('linkPrompt')}
                  onChange={(event) => setLink(event.target.value)}
                  onPressEnter={insertLink}
                  style={{ width: 280 }}
                />
                <Button type="primary" onClick={insertLink} icon={<LinkOutlined />} />
              </Space.Compact>
            }
          >
            <Tooltip title={t('link')}>
              <Button
                type="text"
                size="small"
                icon={<LinkOutlined />}
                aria-label={t('link')}
                disabled={source}
                onMouseDown={(event) => event.preventDefault()}
              />
            </Tooltip>
          </Popover>
          {tool(t('clearFormat'), <ClearOutlined />, 'removeFormat')}
        </Space>
        <Tooltip title={t('htmlSource')}>
          <Button type={source ? 'primary' : 'text'} size="small" icon={<CodeOutlined />} aria-label={t('htmlSource')} onClick={() => setSource(!source)} />
        </Tooltip>
      </Flex>
      {source ? (
        <Input.TextArea
          className="notice-editor-source"
          variant="borderless"
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
        />
      ) : (
        <div
          ref={editor}
          id={id}
          className="notice-editor-body notice-content"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline
          data-placeholder={placeholder}
          data-testid={testId}
          onInput={emit}
          onBlur={emit}
        />
      )}
    </div>
  );
}
