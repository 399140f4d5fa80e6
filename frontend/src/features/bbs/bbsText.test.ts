import { describe, expect, it } from 'vitest';
import { fromStoredText, toStoredText } from './bbsText';

describe('issue text', () => {
  it('sends every line break as <br/>', () => {
    expect(toStoredText('第一行\n第二行\r\n第三行\r第四行')).toBe('第一行<br/>第二行<br/>第三行<br/>第四行');
  });

  it('turns stored <br/> (and <br>, <br />) back into line breaks for editing and display', () => {
    expect(fromStoredText('a<br/>b<br>c<BR />d')).toBe('a\nb\nc\nd');
  });

  it('undoes the server escapes, so typed markup comes back as the text that was typed', () => {
    expect(fromStoredText('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#x4e2d;')).toBe('<script>alert("x")</script> & \'q\' 中');
  });

  it('keeps an escaped <br/> the user typed as text, not a break', () => {
    expect(fromStoredText('x &lt;br/&gt; y')).toBe('x <br/> y');
  });

  it('decodes once: a double-escaped entity stays one level escaped', () => {
    expect(fromStoredText('&amp;lt;')).toBe('&lt;');
  });

  it('leaves unknown or broken entities alone', () => {
    expect(fromStoredText('&copy; &#0; &zz;')).toBe('&copy; &#0; &zz;');
    expect(fromStoredText(null)).toBe('');
  });

  it('round-trips typed text through the server escaping', () => {
    const typed = 'a < b\n"c" & d';
    const serverStored = toStoredText(typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'));
    expect(fromStoredText(serverStored)).toBe(typed);
  });
});
