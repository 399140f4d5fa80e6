import { QUESTION_SCOPES, type QuestionScope } from '@forwarder/domain';
import { IsIn, IsOptional, Length, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { IsInstant, missingOr } from '../common/fields.js';
import { t, type MessageKey } from '../common/messages.js';
import { PageQueryDto } from '../common/pagination.js';
import { BlankAsNull, Trimmed } from '../common/transforms.js';
import type { StoredFileView } from '../files/files.service.js';
import { ListExportOf } from '../common/list-export.js';

export const QUESTION_TITLE_MAX_LENGTH = 200;
export const QUESTION_CONTENT_MAX_LENGTH = 5000;
export const QUESTION_MAX_IMAGES = 2;
const MAX_ID = 2_147_483_647;

const RecordId = (message: MessageKey) =>
  ValidateBy({
    name: 'recordId',
    validator: { validate: (value) => Number.isInteger(value) && value >= 1 && value <= MAX_ID, defaultMessage: () => t(message) },
  });

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID);

/** Up to two stored_file ids of uploaded images (`POST /file/update`). */
const ImageIds = () =>
  ValidateBy({
    name: 'imageIds',
    validator: {
      validate: (value) => isIdList(value) && new Set(value).size <= QUESTION_MAX_IMAGES,
      defaultMessage: (args?: ValidationArguments) =>
        isIdList(args?.value) ? t('questionImagesTooMany', { max: QUESTION_MAX_IMAGES }) : t('questionImageIdsInvalid'),
    },
  });

export class QuestionFieldsDto {
  /** Plain text, one line. */
  @Trimmed()
  @Length(1, QUESTION_TITLE_MAX_LENGTH, { message: missingOr('questionTitleRequired', 'questionTitleLength', { max: QUESTION_TITLE_MAX_LENGTH }) })
  title: string;

  /** Plain text with line breaks (`\n`; `<br>` is read as one); markup is removed when stored. */
  @Trimmed()
  @Length(1, QUESTION_CONTENT_MAX_LENGTH, {
    message: missingOr('questionContentRequired', 'questionContentLength', { max: QUESTION_CONTENT_MAX_LENGTH }),
  })
  content: string;
}

export class AddQuestionDto extends QuestionFieldsDto {
  @IsOptional()
  @ImageIds()
  imageIds?: number[];
}

export class UpdateQuestionDto extends QuestionFieldsDto {
  @RecordId('idInvalid')
  id: number;

  @RecordId('verInvalid')
  ver: number;

  /** The images after the edit; left out, the question keeps its images. */
  @IsOptional()
  @ImageIds()
  imageIds?: number[];
}

export class AnswerFieldsDto {
  /** Plain text with line breaks, as a question's content. */
  @Trimmed()
  @Length(1, QUESTION_CONTENT_MAX_LENGTH, {
    message: missingOr('questionAnswerContentRequired', 'questionAnswerContentLength', { max: QUESTION_CONTENT_MAX_LENGTH }),
  })
  content: string;
}

export class AddAnswerDto extends AnswerFieldsDto {
  @IsOptional()
  @ImageIds()
  imageIds?: number[];
}

export class UpdateAnswerDto extends AnswerFieldsDto {
  @RecordId('idInvalid')
  id: number;

  @RecordId('verInvalid')
  ver: number;

  /** The images after the edit; left out, the answer keeps its images. */
  @IsOptional()
  @ImageIds()
  imageIds?: number[];
}

export class ListQuestionsDto extends PageQueryDto {
  @IsOptional()
  @IsIn(QUESTION_SCOPES, { message: () => t('questionScopeInvalid') })
  scope: QuestionScope = 'all';

  /** Part of the title or of the content, any case. */
  @BlankAsNull()
  @IsOptional()
  @MaxLength(50, { message: () => t('searchKeyLength') })
  key?: string | null;

  @IsOptional()
  @RecordId('questionAuthorInvalid')
  authorId?: number | null;

  /** Posted at or after this instant (ISO 8601). */
  @BlankAsNull()
  @IsOptional()
  @IsInstant('questionDateInvalid')
  createdFrom?: string | null;

  /** Posted at or before this instant (ISO 8601). */
  @BlankAsNull()
  @IsOptional()
  @IsInstant('questionDateInvalid')
  createdTo?: string | null;
}

/** An image of a question or an answer: the stored file and its URL. */
export type QuestionImage = StoredFileView;

/** A row of the question lists. */
export interface QuestionSummary {
  id: number;
  title: string;
  content: string;
  imageIds: number[];
  images: QuestionImage[];
  authorId: number;
  authorName: string | null;
  answerCount: number;
  lastAnswerAt: Date | null;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AnswerView {
  id: number;
  questionId: number;
  content: string;
  imageIds: number[];
  images: QuestionImage[];
  authorId: number;
  authorName: string | null;
  ver: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A question with its answers, oldest answer first. */
export interface QuestionDetail extends QuestionSummary {
  answers: AnswerView[];
}

/** 导出当前列表 of a question list: its filters and the columns the user sees (question/list/export). */
export class QuestionListExportDto extends ListExportOf(ListQuestionsDto) {}
