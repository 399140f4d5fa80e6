import type { PermissionCode } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { anyContaining, readPage, timeRange, type Page } from '../common/pagination.js';
import { updateWithVer } from '../common/ver.js';
import { FilesService } from '../files/files.service.js';
import { Prisma } from '../generated/prisma/client.js';
import { userNames } from '../prisma/name-lookups.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { plainText, plainTitle } from './question-text.js';
import type {
  AddAnswerDto,
  AddQuestionDto,
  AnswerView,
  ListQuestionsDto,
  QuestionDetail,
  QuestionImage,
  QuestionSummary,
  UpdateAnswerDto,
  UpdateQuestionDto,
} from './questions.dto.js';

/** What a question and an answer both are: a text with images by an author. */
const POST = { id: true, content: true, imageIds: true, authorId: true, ver: true, createdAt: true, updatedAt: true } as const;

const QUESTION = { ...POST, title: true, answerCount: true, lastAnswerAt: true } as const satisfies Prisma.QuestionSelect;
type QuestionRow = Prisma.QuestionGetPayload<{ select: typeof QUESTION }>;

const ANSWER = { ...POST, questionId: true } as const satisfies Prisma.QuestionAnswerSelect;
type AnswerRow = Prisma.QuestionAnswerGetPayload<{ select: typeof ANSWER }>;

/** Names and images of the people and files a page of questions and answers refers to. */
interface Refs {
  names: Map<number, string>;
  images: Map<number, QuestionImage>;
}

/**
 * The questions forum: staff post questions, colleagues answer them. A question or an answer is edited
 * by its author or by a holder of question:modify, deleted by its author or a holder of question:delete.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly files: FilesService,
  ) {}

  // ------------------------------------------------------------ questions

  /** Newest first; `notreply` holds questions without answers, `reply` those with at least one. */
  async list(query: ListQuestionsDto): Promise<Page<QuestionSummary>> {
    const where: Prisma.QuestionWhereInput = {
      answerCount: query.scope === 'notreply' ? 0 : query.scope === 'reply' ? { gt: 0 } : undefined,
      authorId: query.authorId ?? undefined,
      createdAt: timeRange(query.createdFrom, query.createdTo),
      OR: anyContaining(query.key, 'title', 'content'),
    };
    return readPage(
      query,
      (page) => this.prisma.db.question.findMany({ where, select: QUESTION, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
      () => this.prisma.db.question.count({ where }),
      async (rows) => {
        const refs = await this.refsOf(rows);
        return rows.map((row) => questionSummary(row, refs));
      },
    );
  }

  async detail(id: number): Promise<QuestionDetail> {
    const row = await this.prisma.db.question.findUnique({
      where: { id },
      select: { ...QUESTION, answers: { select: ANSWER, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
    });
    if (!row) throw AppError.notFound();
    const refs = await this.refsOf([row, ...row.answers]);
    return { ...questionSummary(row, refs), answers: row.answers.map((answer) => answerView(answer, refs)) };
  }

  async add(dto: AddQuestionDto, user: Principal): Promise<QuestionDetail> {
    const data = { title: this.title(dto.title), content: this.content(dto.content, 'questionContentRequired') };
    const { id } = await this.prisma.db.$transaction(async (tx) =>
      tx.question.create({ data: { ...data, imageIds: await this.images(tx, dto.imageIds ?? [], user), authorId: user.userId }, select: { id: true } }),
    );
    return this.detail(id);
  }

  async update(dto: UpdateQuestionDto, user: Principal): Promise<QuestionDetail> {
    const question = await this.prisma.db.question.findUnique({ where: { id: dto.id }, select: { authorId: true, imageIds: true, ver: true } });
    if (!question) throw AppError.notFound();
    mayChange(user, question.authorId, 'question:modify');
    if (question.ver !== dto.ver) throw AppError.staleVersion();
    const data = { title: this.title(dto.title), content: this.content(dto.content, 'questionContentRequired') };
    await this.prisma.db.$transaction(async (tx) => {
      const imageIds = dto.imageIds ? await this.images(tx, dto.imageIds, user, question.imageIds) : undefined;
      await updateWithVer(tx.question, dto.id, dto.ver, { ...data, imageIds });
    });
    return this.detail(dto.id);
  }

  /** Its answers go with it. */
  async remove(id: number, user: Principal): Promise<void> {
    const question = await this.prisma.db.question.findUnique({ where: { id }, select: { authorId: true } });
    if (!question) throw AppError.notFound();
    mayChange(user, question.authorId, 'question:delete');
    await this.prisma.db.question.delete({ where: { id } }).catch(notFoundIfGone);
  }

  // ------------------------------------------------------------ answers

  async addAnswer(questionId: number, dto: AddAnswerDto, user: Principal): Promise<AnswerView> {
    const content = this.content(dto.content, 'questionAnswerContentRequired');
    const answer = await this.prisma.db.$transaction(async (tx) => {
      await lockQuestion(tx, questionId);
      const imageIds = await this.images(tx, dto.imageIds ?? [], user);
      const created = await tx.questionAnswer.create({ data: { content, imageIds, questionId, authorId: user.userId }, select: ANSWER });
      await recountAnswers(tx, questionId);
      return created;
    });
    return answerView(answer, await this.refsOf([answer]));
  }

  async updateAnswer(dto: UpdateAnswerDto, user: Principal): Promise<AnswerView> {
    const answer = await this.prisma.db.questionAnswer.findUnique({ where: { id: dto.id }, select: { authorId: true, imageIds: true, ver: true } });
    if (!answer) throw AppError.notFound();
    mayChange(user, answer.authorId, 'question:modify');
    if (answer.ver !== dto.ver) throw AppError.staleVersion();
    const content = this.content(dto.content, 'questionAnswerContentRequired');
    const updated = await this.prisma.db.$transaction(async (tx) => {
      const imageIds = dto.imageIds ? await this.images(tx, dto.imageIds, user, answer.imageIds) : undefined;
      return updateWithVer(tx.questionAnswer, dto.id, dto.ver, { content, imageIds });
    });
    return answerView(updated, await this.refsOf([updated]));
  }

  async removeAnswer(id: number, user: Principal): Promise<void> {
    const answer = await this.prisma.db.questionAnswer.findUnique({ where: { id }, select: { authorId: true, questionId: true } });
    if (!answer) throw AppError.notFound();
    mayChange(user, answer.authorId, 'question:delete');
    await this.prisma.db.$transaction(async (tx) => {
      await lockQuestion(tx, answer.questionId);
      await tx.questionAnswer.delete({ where: { id } }).catch(notFoundIfGone);
      await recountAnswers(tx, answer.questionId);
    });
  }

  // ------------------------------------------------------------ rules

  private title(input: string): string {
    const title = plainTitle(input);
    if (!title) throw new FieldErrors({ title: [t('questionTitleRequired')] });
    return title;
  }

  private content(input: string, missing: 'questionContentRequired' | 'questionAnswerContentRequired'): string {
    const content = plainText(input);
    if (!content) throw new FieldErrors({ content: [t(missing)] });
    return content;
  }

  /** The image ids to store: images the record has, or the writer's own new uploads (FilesService.claim). */
  private images(tx: Tx, ids: number[], user: Principal, kept: number[] = []): Promise<number[]> {
    return this.files.claim(tx, ids, { userId: user.userId, use: 'image', field: 'imageIds', kept });
  }

  private async refsOf(records: { authorId: number; imageIds: number[] }[]): Promise<Refs> {
    const userIds = [...new Set(records.map((r) => r.authorId))];
    const fileIds = [...new Set(records.flatMap((r) => r.imageIds))];
    const [names, files] = await Promise.all([
      userNames(this.prisma, userIds),
      fileIds.length ? this.prisma.db.storedFile.findMany({ where: { id: { in: fileIds } } }) : [],
    ]);
    return {
      names,
      images: new Map(files.map((file) => [file.id, this.files.view(file)])),
    };
  }
}

/** The author may change their own record; anyone else needs the code. */
function mayChange(user: Principal, authorId: number, code: PermissionCode) {
  if (user.userId !== authorId && !holdsAny(user, [code])) throw AppError.forbidden();
}

/**
 * Holds the question's row until the transaction ends, so answers added and deleted at the same time
 * count one after the other; a question deleted meanwhile is 404.
 */
async function lockQuestion(tx: Tx, questionId: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM question WHERE id = ${questionId} FOR UPDATE`;
  if (!rows.length) throw AppError.notFound();
}

/** answerCount and lastAnswerAt from the answers themselves; ver stays: answers do not edit the question. */
async function recountAnswers(tx: Tx, questionId: number) {
  const { _count, _max } = await tx.questionAnswer.aggregate({ where: { questionId }, _count: { _all: true }, _max: { createdAt: true } });
  await tx.question.update({ where: { id: questionId }, data: { answerCount: _count._all, lastAnswerAt: _max.createdAt }, select: { id: true } });
}

function notFoundIfGone(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw AppError.notFound();
  throw error;
}

/** Images in the order stored; a file deleted since is left out. */
const imagesOf = (ids: number[], refs: Refs) => ids.flatMap((id) => refs.images.get(id) ?? []);

/** The text, images and author of a question or an answer. */
const posted = (row: QuestionRow | AnswerRow, refs: Refs) => ({
  content: row.content,
  imageIds: row.imageIds,
  images: imagesOf(row.imageIds, refs),
  authorId: row.authorId,
  authorName: refs.names.get(row.authorId) ?? null,
});

const stamps = (row: QuestionRow | AnswerRow) => ({ ver: row.ver, createdAt: row.createdAt, updatedAt: row.updatedAt });

function questionSummary(row: QuestionRow, refs: Refs): QuestionSummary {
  return { id: row.id, title: row.title, ...posted(row, refs), answerCount: row.answerCount, lastAnswerAt: row.lastAnswerAt, ...stamps(row) };
}

function answerView(row: AnswerRow, refs: Refs): AnswerView {
  return { id: row.id, questionId: row.questionId, ...posted(row, refs), ...stamps(row) };
}
