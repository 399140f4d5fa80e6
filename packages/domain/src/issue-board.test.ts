import { storedText } from './issue-board.js';

describe('issue board text', () => {
  it('stores line breaks as <br/>, whether sent as <br/>, <br> or newlines', () => {
    expect(storedText('第一行<br/>第二行<BR>第三行\r\n第四行\n第五行').html).toBe('第一行<br/>第二行<br/>第三行<br/>第四行<br/>第五行');
  });

  it('escapes every other markup, so a script sent comes back as text', () => {
    expect(storedText('<script>alert("x")</script>').html).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(storedText(`<img src=x onerror='a()'> & <br />ok`).html).toBe('&lt;img src=x onerror=&#39;a()&#39;&gt; &amp; <br/>ok');
  });

  it('escapes entities typed as text again, so they show as typed', () => {
    expect(storedText('&lt;b&gt;').html).toBe('&amp;lt;b&amp;gt;');
  });

  it('counts the text as typed: a line break is one character, surrounding blanks do not count', () => {
    expect(storedText('  ab<br/>c  ')).toEqual({ html: 'ab<br/>c', length: 4 });
    expect(storedText(' <br/> \n ').length).toBe(0);
  });
});
