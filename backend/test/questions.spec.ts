import { randomBytes } from 'node:crypto';
import { DESK_STAFF, fieldErrors, requestAs, type Session, useTestApp } from './app.js';
import { JPEG, pdf, PNG } from './sample-files.js';

interface Image {
  id: number;
  fileName: string;
  filePath: string;
  url: string;
}
interface Answer {
  id: number;
  questionId: number;
  content: string;
  imageIds: number[];
  images: Image[];
  authorId: number;
  authorName: string;
  ver: number;
  createdAt: string;
}
interface Question {
  id: number;
  title: string;
  content: string;
  imageIds: number[];
  images: Image[];
  authorId: number;
  authorName: string;
  answerCount: number;
  lastAnswerAt: string | null;
  ver: number;
  createdAt: string;
  answers: Answer[];
}

describe('questions forum (/api/v1/question)', () => {
  const { t, admin, salesman: sales, operator, service } = useTestApp(DESK_STAFF);

  /** A word no other test uses, to find a test's own questions in the shared lists. */
  const tag = () => `Q${randomBytes(4).toString('hex')}`;

  const upload = async (s: Session, fileName = 'photo.png', content: Buffer = PNG, use = 'image') =>
    (await requestAs(t, s).post(`/api/v1/file/update?use=${use}`).attach('file', content, { filename: fileName }).expect(200)).body.data as Image;
  /** A signed link to the stored file. */
  const linkOf = (file: Image) => expect.stringContaining(`${t.config.fileBaseUrl}/${file.filePath}?expires=`);
  const add = (s: Session, body: object) => requestAs(t, s).put('/api/v1/question/add').send(body);
  const post = async (s: Session, body: object = {}) =>
    (await add(s, { title: `集装箱到港时间 ${tag()}`, content: '请问 MSCU1234567 哪天到港？', ...body }).expect(200)).body.data as Question;
  const update = (s: Session, body: object) => requestAs(t, s).post('/api/v1/question/update').send(body);
  const remove = (s: Session, id: number) => requestAs(t, s).delete(`/api/v1/question/delete/${id}`);
  const detail = async (id: number, s = sales) => (await requestAs(t, s).get(`/api/v1/question/detail/${id}`).expect(200)).body.data as Question;
  const answer = (s: Session, questionId: number, body: object) => requestAs(t, s).put(`/api/v1/question/answer/add/${questionId}`).send(body);
  const reply = async (s: Session, questionId: number, content = '周五到港') => (await answer(s, questionId, { content }).expect(200)).body.data as Answer;
  const updateAnswer = (s: Session, body: object) => requestAs(t, s).post('/api/v1/question/answer/update').send(body);
  const removeAnswer = (s: Session, id: number) => requestAs(t, s).delete(`/api/v1/question/answer/delete/${id}`);
  const list = (body: object, s = service) => requestAs(t, s).post('/api/v1/question/list').send(body);
  const listIds = async (body: object) => ((await list(body).expect(200)).body.data.items as Question[]).map((q) => q.id);

  describe('posting', () => {
    it('posts a question with up to two images, answered with their urls and the author', async () => {
      const [front, back] = [await upload(sales, '正面.png'), await upload(sales, 'back.jpg', JPEG)];
      const res = await add(sales, { title: '  报关资料怎么准备 ', content: '需要哪些单证？\n谢谢', imageIds: [front.id, back.id] }).expect(200);
      const question = res.body.data as Question;
      expect(question).toMatchObject({
        title: '报关资料怎么准备',
        content: '需要哪些单证？\n谢谢',
        imageIds: [front.id, back.id],
        authorId: sales.userid,
        authorName: '张晓明',
        answerCount: 0,
        lastAnswerAt: null,
        ver: 1,
        answers: [],
      });
      expect(question.images).toEqual([
        expect.objectContaining({ id: front.id, fileName: '正面.png', url: linkOf(front) }),
        expect.objectContaining({ id: back.id, fileName: 'back.jpg', url: linkOf(back) }),
      ]);
      await t.http().get(question.images[0].url).expect(200);
    });

    it('stores plain text: markup removed so nothing stored can run, line breaks kept', async () => {
      const question = await post(sales, {
        title: '<b>订舱</b>\n问题<script>alert(1)</script>',
        content:
          '第一行\r\n<script>alert(1)</script>第二行<br/><img src=x onerror="alert(1)">重量 < 20kg &amp; 体积 > 1cbm &lt;script&gt;alert(2)&lt;/script&gt;',
      });
      expect(question.title).toBe('订舱 问题');
      expect(question.content).toBe('第一行\n第二行\n重量 < 20kg & 体积 > 1cbm');
      const stored = await t.prisma.db.question.findUniqueOrThrow({ where: { id: question.id } });
      expect(`${stored.title} ${stored.content}`).not.toMatch(/<\s*(script|img)|onerror|&lt;/i);
    });

    it('refuses a question without title or content, with the message of each', async () => {
      expect(fieldErrors(await add(sales, { content: '内容' }).expect(400))).toEqual({ title: ['请输入问题标题'] });
      expect(fieldErrors(await add(sales, {}).expect(400))).toEqual({ title: ['请输入问题标题'], content: ['请输入问题内容'] });
      expect(fieldErrors(await add(sales, { title: '   ', content: '<script>alert(1)</script>' }).expect(400))).toEqual({ title: ['请输入问题标题'] });
      expect(fieldErrors(await add(sales, { title: '标题', content: '<script>alert(1)</script>' }).expect(400))).toEqual({ content: ['请输入问题内容'] });
      const english = await add(sales, {}).set('Accept-Language', 'en').expect(400);
      expect(fieldErrors(english)).toEqual({ title: ['Enter the title'], content: ['Enter the question'] });
    });

    it('refuses a title over 200 and content over 5000 characters', async () => {
      expect(fieldErrors(await add(sales, { title: 'x'.repeat(201), content: 'x'.repeat(5001) }).expect(400))).toEqual({
        title: ['问题标题不能超过 200 个字符'],
        content: ['问题内容不能超过 5000 个字符'],
      });
      await add(sales, { title: 'x'.repeat(200), content: 'x'.repeat(5000) }).expect(200);
    });

    it('refuses more than two images', async () => {
      const ids = [(await upload(sales)).id, (await upload(sales)).id, (await upload(sales)).id];
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: ids }).expect(400))).toEqual({ imageIds: ['最多只能添加 2 张图片'] });
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: 'x' }).expect(400))).toEqual({
        imageIds: ['图片必须是已上传文件编号的列表'],
      });
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: [0] }).expect(400))).toEqual({
        imageIds: ['图片必须是已上传文件编号的列表'],
      });
    });

    it('refuses a file that is not an image, or does not exist', async () => {
      const text = await upload(sales, 'notes.pdf', pdf(), 'document');
      const image = await upload(sales);
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: [image.id, text.id] }).expect(400))).toEqual({
        imageIds: [`此处只能使用 PNG, JPEG, GIF, WebP 文件：${text.id}`],
      });
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: [999999] }).expect(400))).toEqual({
        imageIds: ['文件不存在、不是您上传的或已用于其他记录：999999'],
      });
    });

    it('refuses an image someone else uploaded: its url would leak', async () => {
      const theirs = await upload(operator);
      expect(fieldErrors(await add(sales, { title: '标题', content: '内容', imageIds: [theirs.id] }).expect(400))).toEqual({
        imageIds: [`文件不存在、不是您上传的或已用于其他记录：${theirs.id}`],
      });
    });
  });

  describe('answering and the three lists', () => {
    it('moves a question from notreply to reply when answered, and back when its only answer is deleted', async () => {
      const key = tag();
      const question = await post(sales, { title: `仓库地址 ${key}` });
      const scopes = async () => ({
        notreply: await listIds({ scope: 'notreply', key }),
        reply: await listIds({ scope: 'reply', key }),
        all: await listIds({ scope: 'all', key }),
      });
      expect(await scopes()).toEqual({ notreply: [question.id], reply: [], all: [question.id] });

      const given = await reply(operator, question.id, '深圳盐田仓');
      expect(given).toMatchObject({ questionId: question.id, content: '深圳盐田仓', authorId: operator.userid, authorName: '李文静', ver: 1, images: [] });
      expect(await detail(question.id)).toMatchObject({ answerCount: 1, lastAnswerAt: given.createdAt, ver: question.ver });
      expect(await scopes()).toEqual({ notreply: [], reply: [question.id], all: [question.id] });

      await removeAnswer(operator, given.id).expect(200);
      expect(await detail(question.id)).toMatchObject({ answerCount: 0, lastAnswerAt: null, answers: [] });
      expect(await scopes()).toEqual({ notreply: [question.id], reply: [], all: [question.id] });
    });

    it('keeps answerCount and lastAnswerAt right as answers come and go; the author may answer too', async () => {
      const question = await post(sales);
      const first = await reply(operator, question.id, '第一条');
      const second = await reply(sales, question.id, '补充：周五前');
      expect(await detail(question.id)).toMatchObject({ answerCount: 2, lastAnswerAt: second.createdAt });
      await removeAnswer(sales, second.id).expect(200);
      expect(await detail(question.id)).toMatchObject({ answerCount: 1, lastAnswerAt: first.createdAt });
    });

    it('counts answers given at the same moment one after the other', async () => {
      const question = await post(sales);
      const answers = await Promise.all([operator, service, admin, sales, operator].map((s, i) => reply(s, question.id, `回答 ${i}`)));
      await Promise.all(answers.slice(0, 2).map((a, i) => removeAnswer([operator, service][i], a.id).expect(200)));
      const after = await detail(question.id);
      expect(after.answerCount).toBe(3);
      expect(after.answers).toHaveLength(3);
      expect(after.lastAnswerAt).toBe(
        after.answers
          .map((a) => a.createdAt)
          .sort()
          .at(-1),
      );
    });

    it('shows the detail with answers oldest first, their authors and image urls', async () => {
      const photo = await upload(sales);
      const question = await post(sales, { imageIds: [photo.id] });
      const shot = await upload(operator, 'screen.png');
      const first = (await answer(operator, question.id, { content: '见截图\n第二行', imageIds: [shot.id] }).expect(200)).body.data as Answer;
      const second = await reply(service, question.id, '收到');
      const shown = await detail(question.id, service);
      expect(shown.images.map((i) => i.url)).toEqual([linkOf(photo)]);
      expect(shown.answers.map((a) => [a.id, a.authorName, a.content])).toEqual([
        [first.id, '李文静', '见截图\n第二行'],
        [second.id, '赵雨婷', '收到'],
      ]);
      expect(shown.answers[0].images).toEqual([expect.objectContaining({ id: shot.id, url: linkOf(shot) })]);
    });

    it('refuses an answer without content, with too many or non-image files, or to no question', async () => {
      const question = await post(sales);
      expect(fieldErrors(await answer(operator, question.id, {}).expect(400))).toEqual({ content: ['请输入回答内容'] });
      expect(fieldErrors(await answer(operator, question.id, { content: '<style>p{}</style>' }).expect(400))).toEqual({ content: ['请输入回答内容'] });
      expect(fieldErrors(await answer(operator, question.id, { content: 'x'.repeat(5001) }).expect(400))).toEqual({
        content: ['回答内容不能超过 5000 个字符'],
      });
      const files = [await upload(operator), await upload(operator), await upload(operator, 'a.pdf', pdf(), 'document')];
      expect(fieldErrors(await answer(operator, question.id, { content: 'x', imageIds: files.map((f) => f.id) }).expect(400))).toEqual({
        imageIds: ['最多只能添加 2 张图片'],
      });
      expect(fieldErrors(await answer(operator, question.id, { content: 'x', imageIds: [files[2].id] }).expect(400))).toEqual({
        imageIds: [`此处只能使用 PNG, JPEG, GIF, WebP 文件：${files[2].id}`],
      });
      expect((await answer(operator, 999999, { content: 'x' }).expect(404)).body.message).toBe('资源不存在');
      expect(fieldErrors(await answer(operator, 'abc' as unknown as number, { content: 'x' }).expect(400))).toEqual({ questionId: ['编号无效'] });
      expect((await detail(question.id)).answerCount).toBe(0);
    });

    it('lists newest first, with author name, answer count, last answer time and image urls, page by page', async () => {
      const key = tag();
      const photo = await upload(operator);
      const older = await post(sales, { title: `旧 ${key}` });
      const newer = await post(operator, { title: `新 ${key}`, imageIds: [photo.id] });
      const given = await reply(service, older.id);
      const page = (await list({ scope: 'all', key, pageSize: 1 }).expect(200)).body.data;
      expect(page).toMatchObject({ pageIndex: 1, pageSize: 1, totalCount: 2, totalPage: 2 });
      expect(page.items).toEqual([
        expect.objectContaining({
          id: newer.id,
          authorId: operator.userid,
          authorName: '李文静',
          answerCount: 0,
          lastAnswerAt: null,
          images: [expect.objectContaining({ id: photo.id, url: linkOf(photo) })],
        }),
      ]);
      const second = (await list({ scope: 'all', key, pageSize: 1, pageIndex: 2 }).expect(200)).body.data.items;
      expect(second).toEqual([expect.objectContaining({ id: older.id, authorName: '张晓明', answerCount: 1, lastAnswerAt: given.createdAt })]);
      expect(second[0]).not.toHaveProperty('answers');
    });

    it('searches title and content by key in any case, and filters by author and date', async () => {
      const key = tag();
      const inTitle = await post(sales, { title: `Customs ${key}` });
      const inContent = await post(operator, { content: `请问 ${key.toLowerCase()} 怎么办` });
      expect(await listIds({ key })).toEqual([inContent.id, inTitle.id]);
      expect(await listIds({ key: `  ${key.toUpperCase()} ` })).toEqual([inContent.id, inTitle.id]);
      expect(await listIds({ key, authorId: operator.userid })).toEqual([inContent.id]);
      expect(await listIds({ key, createdFrom: inContent.createdAt })).toEqual([inContent.id]);
      expect(await listIds({ key, createdTo: inTitle.createdAt })).toEqual([inTitle.id]);
      expect(await listIds({ key, authorId: null, createdFrom: '', createdTo: null })).toEqual([inContent.id, inTitle.id]);
    });

    it('refuses an unknown scope, a bad author or date, and a long key', async () => {
      expect(fieldErrors(await list({ scope: 'open' }).expect(400))).toEqual({ scope: ['范围必须是未回答、已回答或全部'] });
      expect(fieldErrors(await list({ authorId: 'me', createdFrom: 'yesterday', key: 'x'.repeat(51) }).expect(400))).toEqual({
        authorId: ['提问人编号无效'],
        createdFrom: ['日期格式错误，请使用 ISO 8601 格式，如 2026-11-22T08:00:00+08:00'],
        key: ['查询内容不能超过 50 个字符'],
      });
    });
  });

  describe('editing and deleting questions', () => {
    it('lets the author edit with the ver read; a stale ver is 409', async () => {
      const question = await post(sales);
      const res = await update(sales, { id: question.id, ver: question.ver, title: '改：报关 <i>问题</i>', content: '补充\n说明' }).expect(200);
      expect(res.body.data).toMatchObject({ id: question.id, title: '改：报关 问题', content: '补充\n说明', ver: question.ver + 1 });
      const stale = await update(sales, { id: question.id, ver: question.ver, title: 'x', content: 'x' }).expect(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      expect(fieldErrors(await update(sales, { title: 'x', content: 'x' }).expect(400))).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
      expect(fieldErrors(await update(sales, { id: question.id, ver: 2, content: 'x' }).expect(400))).toEqual({ title: ['请输入问题标题'] });
      await update(sales, { id: 999999, ver: 1, title: 'x', content: 'x' }).expect(404);
    });

    it('keeps the images when imageIds is left out, replaces them when given', async () => {
      const [a, b] = [await upload(sales), await upload(sales)];
      const question = await post(sales, { imageIds: [a.id] });
      const kept = (await update(sales, { id: question.id, ver: 1, title: '标题', content: '内容' }).expect(200)).body.data as Question;
      expect(kept.imageIds).toEqual([a.id]);
      const swapped = (await update(sales, { id: question.id, ver: 2, title: '标题', content: '内容', imageIds: [b.id] }).expect(200)).body.data as Question;
      expect(swapped.images.map((i) => i.id)).toEqual([b.id]);
      const text = await upload(sales, 'x.pdf', pdf(), 'document');
      expect(fieldErrors(await update(sales, { id: question.id, ver: 3, title: '标题', content: '内容', imageIds: [b.id, text.id] }).expect(400))).toEqual({
        imageIds: [`此处只能使用 PNG, JPEG, GIF, WebP 文件：${text.id}`],
      });
      const cleared = (await update(sales, { id: question.id, ver: 3, title: '标题', content: '内容', imageIds: [] }).expect(200)).body.data as Question;
      expect(cleared.images).toEqual([]);
    });

    it("refuses to edit or delete someone else's question without question:modify / question:delete", async () => {
      const question = await post(sales);
      const edit = await update(service, { id: question.id, ver: question.ver, title: '改', content: '改' }).expect(403);
      expect(edit.body.message).toBe('没有权限执行此操作');
      expect((await remove(operator, question.id).expect(403)).body.message).toBe('没有权限执行此操作');
      expect(await detail(question.id)).toMatchObject({ title: question.title, ver: question.ver });
    });

    it('lets an administrator edit and delete any question, keeping the images the author attached', async () => {
      const photo = await upload(sales);
      const question = await post(sales, { imageIds: [photo.id] });
      const edited = await update(admin, { id: question.id, ver: question.ver, title: '已规范标题', content: '已整理', imageIds: [photo.id] }).expect(200);
      expect(edited.body.data).toMatchObject({ title: '已规范标题', authorId: sales.userid, imageIds: [photo.id] });
      const another = await upload(sales);
      expect(fieldErrors(await update(admin, { id: question.id, ver: 2, title: 'x', content: 'x', imageIds: [another.id] }).expect(400))).toEqual({
        imageIds: [`文件不存在、不是您上传的或已用于其他记录：${another.id}`],
      });
      await remove(admin, question.id).expect(200);
      await requestAs(t, sales).get(`/api/v1/question/detail/${question.id}`).expect(404);
    });

    it('lets op01 delete their own question, its answers going with it', async () => {
      const question = await post(operator);
      const given = await reply(service, question.id);
      expect((await remove(operator, question.id).expect(200)).body.data).toBeNull();
      await requestAs(t, operator).get(`/api/v1/question/detail/${question.id}`).expect(404);
      expect(await t.prisma.db.questionAnswer.count({ where: { id: given.id } })).toBe(0);
      await remove(operator, question.id).expect(404);
      await answer(service, question.id, { content: 'x' }).expect(404);
    });
  });

  describe('editing and deleting answers', () => {
    it('lets the author edit an answer with its ver; a stale ver is 409; the question stays as it was', async () => {
      const question = await post(sales);
      const given = await reply(operator, question.id, '周五');
      const shot = await upload(operator);
      const res = await updateAnswer(operator, { id: given.id, ver: given.ver, content: '改为<b>周六</b>', imageIds: [shot.id] }).expect(200);
      expect(res.body.data).toMatchObject({ id: given.id, content: '改为周六', ver: given.ver + 1, imageIds: [shot.id], authorName: '李文静' });
      expect(res.body.data.images).toEqual([expect.objectContaining({ id: shot.id, url: linkOf(shot) })]);
      expect((await updateAnswer(operator, { id: given.id, ver: given.ver, content: 'x' }).expect(409)).body.message).toBe('数据已被他人修改，请刷新后重试');
      expect(fieldErrors(await updateAnswer(operator, { id: given.id, ver: 2 }).expect(400))).toEqual({ content: ['请输入回答内容'] });
      await updateAnswer(operator, { id: 999999, ver: 1, content: 'x' }).expect(404);
      expect(await detail(question.id)).toMatchObject({ ver: question.ver, answerCount: 1, lastAnswerAt: given.createdAt });
    });

    it("refuses to edit or delete someone else's answer without the codes; an administrator may", async () => {
      const question = await post(sales);
      const given = await reply(operator, question.id);
      expect((await updateAnswer(sales, { id: given.id, ver: given.ver, content: '改' }).expect(403)).body.message).toBe('没有权限执行此操作');
      await removeAnswer(service, given.id).expect(403);
      await updateAnswer(admin, { id: given.id, ver: given.ver, content: '管理员修改' }).expect(200);
      await removeAnswer(admin, given.id).expect(200);
      await removeAnswer(admin, given.id).expect(404);
      expect(await detail(question.id)).toMatchObject({ answerCount: 0, lastAnswerAt: null });
    });
  });
});
