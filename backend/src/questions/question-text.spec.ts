import { plainText, plainTitle } from './question-text.js';

describe('question text', () => {
  it('keeps plain text as typed, with its line breaks', () => {
    expect(plainText('  柜号 MSCU1234567\r\n到港时间？\n\n谢谢 ')).toBe('柜号 MSCU1234567\n到港时间？\n\n谢谢');
    expect(plainText('重量 < 20kg & 体积 > 1cbm, "加急" \'明天\'')).toBe('重量 < 20kg & 体积 > 1cbm, "加急" \'明天\'');
    expect(plainText('price<100')).toBe('price<100');
  });

  it('reads <br> as a line break, as the original clients send it', () => {
    expect(plainText('第一行<br/>第二行<BR>第三行')).toBe('第一行\n第二行\n第三行');
  });

  it('removes markup, and scripts and styles with their bodies', () => {
    expect(plainText('<p onclick="x()"><b>加粗</b>文字</p><script>alert(1)</script><style>p{}</style>')).toBe('加粗文字');
    expect(plainText('<img src=x onerror=alert(1)>')).toBe('');
    expect(plainText('a<!-- note -->b')).toBe('ab');
  });

  it('decodes entities, and removes the markup they spell', () => {
    expect(plainText('x &amp; y&nbsp;z')).toBe('x & y\u00a0z');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;ok')).toBe('ok');
    expect(plainText('&amp;lt;img src=x onerror=alert(1)&amp;gt;ok')).toBe('ok');
  });

  it('removes tags put back together by removing others', () => {
    expect(plainText('<<script>x</script>script>alert(1)<</script>/script>ok')).toBe('ok');
  });

  it('never leaves a tag however deep the escapes nest', () => {
    const nested = `&${'amp;'.repeat(20)}lt;script&gt;alert(1)`;
    expect(plainText(nested)).not.toMatch(/<\s*script/i);
  });

  it('puts a title on one line', () => {
    expect(plainTitle('  报关\n资料<br>问题  ')).toBe('报关 资料 问题');
  });
});
