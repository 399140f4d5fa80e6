import { plainText, plainTitle } from './question-text.js';

describe('question text', () => {
  it.each<[string, [typed: string, kept: string][]]>([
    [
      'keeps plain text as typed, with its line breaks',
      [
        ['  柜号 MSCU1234567\r\n到港时间？\n\n谢谢 ', '柜号 MSCU1234567\n到港时间？\n\n谢谢'],
        ['重量 < 20kg & 体积 > 1cbm, "加急" \'明天\'', '重量 < 20kg & 体积 > 1cbm, "加急" \'明天\''],
        ['price<100', 'price<100'],
      ],
    ],
    ['reads <br> as a line break, as the original clients send it', [['第一行<br/>第二行<BR>第三行', '第一行\n第二行\n第三行']]],
    [
      'removes markup, and scripts and styles with their bodies',
      [
        ['<p onclick="x()"><b>加粗</b>文字</p><script>alert(1)</script><style>p{}</style>', '加粗文字'],
        ['<img src=x onerror=alert(1)>', ''],
        ['a<!-- note -->b', 'ab'],
      ],
    ],
    [
      'decodes entities, and removes the markup they spell',
      [
        ['x &amp; y&nbsp;z', 'x & y\u00a0z'],
        ['&lt;script&gt;alert(1)&lt;/script&gt;ok', 'ok'],
        ['&amp;lt;img src=x onerror=alert(1)&amp;gt;ok', 'ok'],
      ],
    ],
    ['removes tags put back together by removing others', [['<<script>x</script>script>alert(1)<</script>/script>ok', 'ok']]],
  ])('%s', (_, cases) => {
    for (const [typed, kept] of cases) expect(plainText(typed)).toBe(kept);
  });

  it('never leaves a tag however deep the escapes nest', () => {
    const nested = `&${'amp;'.repeat(20)}lt;script&gt;alert(1)`;
    expect(plainText(nested)).not.toMatch(/<\s*script/i);
  });

  it('puts a title on one line', () => {
    expect(plainTitle('  报关\n资料<br>问题  ')).toBe('报关 资料 问题');
  });
});
