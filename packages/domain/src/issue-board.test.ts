import { batchIssueTabs, defaultIssueTab, mayCloseIssue, mayEditIssue, mayEditReply, mayReplyIssue, statusAfterReply, storedText } from './issue-board.js';

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

describe('the issue board state machine', () => {
  const author = 7;
  const other = 8;

  it('lets only the author edit or remove an issue, and only while it waits', () => {
    expect(mayEditIssue({ status: 'wait', createUserId: author }, author)).toBeNull();
    expect(mayEditIssue({ status: 'wait', createUserId: author }, other)).toBe('onlyAuthorEdits');
    expect(mayEditIssue({ status: 'handle', createUserId: author }, author)).toBe('editOnlyWaiting');
    expect(mayEditIssue({ status: 'completed', createUserId: author }, author)).toBe('completed');
  });

  it('lets the author or a super administrator close an answered issue, nothing else', () => {
    expect(mayCloseIssue({ status: 'handle', createUserId: author }, { userId: author, isSuperAdmin: false })).toBeNull();
    expect(mayCloseIssue({ status: 'handle', createUserId: author }, { userId: other, isSuperAdmin: true })).toBeNull();
    expect(mayCloseIssue({ status: 'handle', createUserId: author }, { userId: other, isSuperAdmin: false })).toBe('onlyAuthorCloses');
    expect(mayCloseIssue({ status: 'wait', createUserId: author }, { userId: author, isSuperAdmin: false })).toBe('closeOnlyHandling');
    expect(mayCloseIssue({ status: 'completed', createUserId: author }, { userId: author, isSuperAdmin: false })).toBe('completed');
  });

  it('takes replies until the issue is closed; a reply is edited by its author only', () => {
    expect(mayReplyIssue({ status: 'wait' })).toBeNull();
    expect(mayReplyIssue({ status: 'handle' })).toBeNull();
    expect(mayReplyIssue({ status: 'completed' })).toBe('completed');
    expect(mayEditReply({ status: 'handle' }, author, author)).toBeNull();
    expect(mayEditReply({ status: 'handle' }, author, other)).toBe('onlyReplyAuthor');
    expect(mayEditReply({ status: 'completed' }, author, author)).toBe('completed');
  });

  it('moves a waiting issue to handle on its first reply and leaves others where they are', () => {
    expect(statusAfterReply('wait')).toBe('handle');
    expect(statusAfterReply('handle')).toBe('handle');
  });

  it('shows the completed tab of the batch dialog only once an issue was closed there', () => {
    expect(batchIssueTabs(false)).toEqual(['wait', 'handle']);
    expect(batchIssueTabs(true)).toEqual(['wait', 'handle', 'completed']);
  });
});

describe('the tab an order board opens on from the reminder bell', () => {
  it("is the first tab holding the caller's issue: wait when one waits for his answer", () => {
    expect(defaultIssueTab({ waitNum: 1, handleNum: 0 })).toBe('wait');
    expect(defaultIssueTab({ waitNum: 2, handleNum: 3 })).toBe('wait');
  });

  it('is handle when only an answered issue of his waits for him to check', () => {
    expect(defaultIssueTab({ waitNum: 0, handleNum: 1 })).toBe('handle');
  });

  it("leaves the board's default when nothing waits any more", () => {
    expect(defaultIssueTab({ waitNum: 0, handleNum: 0 })).toBeUndefined();
  });
});
