// The questions forum against a real database (the medium tier, test/medium.ts): text stored as plain text,
// who may edit and delete a question or an answer, the answer count kept from the answers, the list's
// scopes, and images taken only from the writer's own fresh uploads (docs/questions.md).
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { QuestionsService } from './questions.service.js';

describe('QuestionsService: questions and answers (medium)', () => {
  const { m, sales, sales2, questions } = useMedium({ sales: 'sales01', sales2: 'sales02' }, { questions: QuestionsService });
  let n = 0;
  const ask = (user = sales, fields: { content?: string; imageIds?: number[] } = {}) =>
    questions.add({ title: `问题-${++n}号`, content: '怎么报关？', ...fields }, user);
  const upload = (uploaderId: number, mimeType = 'image/png') =>
    m.prisma.db.storedFile.create({ data: { fileName: 'a.png', filePath: `medium/${++n}.png`, mimeType, size: 100, uploaderId } });
  const inScope = async (scope: 'all' | 'reply' | 'notreply', id: number) =>
    (await questions.list({ scope, key: `问题-${id}号`, pageIndex: 1, pageSize: 10 })).items.length > 0;

  it('stores title and content as plain text, and refuses them empty once the markup is gone', async () => {
    const added = await questions.add({ title: '<b>运费</b>\n  怎么算', content: '第一行<br>第二行<script>alert(1)</script>' }, sales);
    expect(added).toMatchObject({ title: '运费 怎么算', content: '第一行\n第二行', authorId: sales.userId, authorName: sales.fullName, answerCount: 0 });
    await expect(questions.add({ title: '<i></i>', content: '有内容' }, sales)).rejects.toMatchObject({ fields: { title: [t('questionTitleRequired')] } });
    await expect(questions.add({ title: '标题', content: '<script>x</script>' }, sales)).rejects.toMatchObject({
      fields: { content: [t('questionContentRequired')] },
    });
    await expect(questions.addAnswer(added.id, { content: '<p></p>' }, sales2)).rejects.toMatchObject({
      fields: { content: [t('questionAnswerContentRequired')] },
    });
  });

  it('lets the author edit and delete a question; anybody else needs question:modify or question:delete', async () => {
    const question = await ask();
    const edit = { id: question.id, ver: question.ver, title: '改过的问题', content: '改过的内容' };
    await expect(questions.update(edit, sales2)).rejects.toMatchObject({ status: 403 });
    await expect(questions.remove(question.id, sales2)).rejects.toMatchObject({ status: 403 });
    const moderator = await m.principal('sales02', { add: ['question:modify'] });
    const edited = await questions.update(edit, moderator);
    expect(edited).toMatchObject({ title: '改过的问题', ver: question.ver + 1, authorId: sales.userId });
    await expect(questions.update(edit, sales)).rejects.toMatchObject({ status: 409 });
    // question:modify is not question:delete
    await expect(questions.remove(question.id, moderator)).rejects.toMatchObject({ status: 403 });
    await questions.remove(question.id, await m.principal('sales02', { add: ['question:delete'] }));
    await expect(questions.detail(question.id)).rejects.toMatchObject({ status: 404 });
  });

  it('counts the answers from the answers themselves, and sorts the question into the reply scopes', async () => {
    const question = await ask();
    const tag = n;
    const scoped = async () => [await inScope('all', tag), await inScope('reply', tag), await inScope('notreply', tag)];
    expect(await scoped()).toEqual([true, false, true]);
    const first = await questions.addAnswer(question.id, { content: '找报关行' }, sales2);
    const second = await questions.addAnswer(question.id, { content: '自己报' }, sales);
    let detail = await questions.detail(question.id);
    expect(detail).toMatchObject({ answerCount: 2, lastAnswerAt: second.createdAt, ver: question.ver });
    expect(detail.answers.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(await scoped()).toEqual([true, true, false]);
    await questions.removeAnswer(second.id, sales);
    detail = await questions.detail(question.id);
    expect(detail).toMatchObject({ answerCount: 1, lastAnswerAt: first.createdAt });
    await questions.removeAnswer(first.id, sales2);
    expect(await scoped()).toEqual([true, false, true]);
    await expect(questions.addAnswer(987_654, { content: '无处回答' }, sales)).rejects.toMatchObject({ status: 404 });
  });

  it('lets the author edit and delete an answer, anybody else with the codes, on the current ver', async () => {
    const question = await ask();
    const answer = await questions.addAnswer(question.id, { content: '答案' }, sales2);
    await expect(questions.updateAnswer({ id: answer.id, ver: answer.ver, content: '别人改' }, sales)).rejects.toMatchObject({ status: 403 });
    await expect(questions.removeAnswer(answer.id, sales)).rejects.toMatchObject({ status: 403 });
    const edited = await questions.updateAnswer({ id: answer.id, ver: answer.ver, content: '作者改' }, sales2);
    expect(edited).toMatchObject({ content: '作者改', ver: answer.ver + 1 });
    await expect(questions.updateAnswer({ id: answer.id, ver: answer.ver, content: '旧版' }, sales2)).rejects.toMatchObject({ status: 409 });
    await questions.removeAnswer(answer.id, await m.principal('sales01', { add: ['question:delete'] }));
    expect((await questions.detail(question.id)).answerCount).toBe(0);
  });

  it('takes images only from the writer’s own uploads not attached elsewhere, and keeps those it has', async () => {
    const mine = await upload(sales.userId);
    const theirs = await upload(sales2.userId);
    const notImage = await upload(sales.userId, 'application/pdf');
    await expect(ask(sales, { imageIds: [theirs.id] })).rejects.toMatchObject({
      fields: { imageIds: [t('fileNotAttachable', { ids: String(theirs.id) })] },
    });
    await expect(ask(sales, { imageIds: [notImage.id] })).rejects.toMatchObject({ fields: { imageIds: [expect.any(String)] } });
    const question = await ask(sales, { imageIds: [mine.id] });
    expect(question.images).toEqual([expect.objectContaining({ id: mine.id })]);
    // attached once, never elsewhere; kept on an edit of its own question
    await expect(questions.addAnswer(question.id, { content: '图', imageIds: [mine.id] }, sales)).rejects.toMatchObject({
      fields: { imageIds: [t('fileNotAttachable', { ids: String(mine.id) })] },
    });
    const edited = await questions.update({ id: question.id, ver: question.ver, title: question.title, content: '图还在', imageIds: [mine.id] }, sales);
    expect(edited.imageIds).toEqual([mine.id]);
  });
});
