import { hasVisibleContent } from '@forwarder/domain';
import { sanitizeNoticeContent } from './notice-content.js';

describe('notice content', () => {
  it('keeps basic formatting, colours and alignment', () => {
    const html =
      '<h2 style="text-align:center">标题</h2><p><strong>粗体</strong> <em>斜体</em> <span style="color:#ff0000">红字</span></p><ul><li>一</li></ul>';
    expect(sanitizeNoticeContent(html)).toBe(html);
  });

  it('removes scripts, event handlers, frames and forms', () => {
    const html = '<p onclick="steal()">hi<script>alert(1)</script></p><iframe src="https://x.test"></iframe><form><input name="a"></form><style>p{}</style>';
    expect(sanitizeNoticeContent(html)).toBe('<p>hi</p>');
  });

  it('drops styles that could cover the page', () => {
    expect(sanitizeNoticeContent('<div style="position:fixed;top:0;color:red">x</div>')).toBe('<div style="color:red">x</div>');
  });

  it('keeps http(s) and relative links, and opens new windows without a handle on this one', () => {
    expect(sanitizeNoticeContent('<a href="https://example.com" target="_blank">e</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a>',
    );
    expect(sanitizeNoticeContent('<a href="/files/2026/a.pdf">附件</a>')).toBe('<a href="/files/2026/a.pdf" target="_self">附件</a>');
    expect(sanitizeNoticeContent('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_self">x</a>');
    expect(sanitizeNoticeContent('<a href="//evil.test/x">x</a>')).toBe('<a target="_self">x</a>');
  });

  it('keeps images from http(s) or uploaded files, not inline data or handlers', () => {
    expect(sanitizeNoticeContent('<img src="/files/a.png" alt="图" onerror="x()">')).toBe('<img src="/files/a.png" alt="图" />');
    expect(sanitizeNoticeContent('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
  });

  it('tells content that shows nothing from content that does', () => {
    expect(hasVisibleContent(sanitizeNoticeContent('<script>alert(1)</script>'))).toBe(false);
    expect(hasVisibleContent('<p>&nbsp;</p>')).toBe(false);
    expect(hasVisibleContent('<p>x</p>')).toBe(true);
    expect(hasVisibleContent('<img src="/files/a.png" />')).toBe(true);
  });
});
