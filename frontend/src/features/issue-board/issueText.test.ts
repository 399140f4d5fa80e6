import { describe, expect, it } from 'vitest';
import { fromStoredText, toStoredText } from './issueText';

describe('issue text', () => {
  it('sends every line break as <br/>', () => {
    expect(toStoredText('第一行\n第二行\r\n第三行\r第四行')).toBe('第一行<br/>第二行<br/>第三行<br/>第四行');
  });

  it.each([
    ['turns stored <br/> (and <br>, <br />) back into line breaks for editing and display', 'a<br/>b<br>c<BR />d', 'a\nb\nc\nd'],
    [
      'undoes the server escapes, so typed markup comes back as the text that was typed',
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#x4e2d;',
      '<script>alert("x")</script> & \'q\' 中',
    ],
    ['keeps an escaped <br/> the user typed as text, not a break', 'x &lt;br/&gt; y', 'x <br/> y'],
    ['decodes once: a double-escaped entity stays one level escaped', '&amp;lt;', '&lt;'],
    ['leaves unknown or broken entities alone', '&copy; &#0; &zz;', '&copy; &#0; &zz;'],
    ['reads no text as empty', null, ''],
  ])('%s', (_, stored, text) => {
    expect(fromStoredText(stored)).toBe(text);
  });

  it('round-trips typed text through the server escaping', () => {
    const typed = 'a < b\n"c" & d';
    const serverStored = toStoredText(typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'));
    expect(fromStoredText(serverStored)).toBe(typed);
  });
});
