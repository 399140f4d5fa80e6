import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ArgumentMetadata } from '@nestjs/common';
import { FieldErrors } from './app-error.js';
import { DecimalField, IsId } from './fields.js';
import { PageQueryDto } from './pagination.js';
import { createValidationPipe } from './validation.js';

class NoteDto {
  @IsString() @MaxLength(50) note!: string;
  @IsOptional() @IsId() orderId?: number;
  @IsOptional() @DecimalField('validationFailed', 12, 3) weight?: number;
}

class ListDto extends PageQueryDto {
  @IsOptional() @IsIn(['draft', 'published']) status?: string;
}

class CrashingDto {
  // a transform that assumes a string: what the pipe's net is for
  @Transform(({ value }) => (value as string).toUpperCase()) @IsString() @MaxLength(10) code!: string;
}

const pipe = createValidationPipe();
const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });
const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    if (error instanceof FieldErrors) return { fields: error.fields, cause: error.cause };
    throw error;
  }
  throw new Error('the input passed');
};

describe('the validation pipe', () => {
  it('refuses a NUL byte on its field, wherever it is', async () => {
    expect((await refusal(pipe.transform({ note: 'a\u0000b' }, body(NoteDto)))).fields).toEqual({ note: ['包含无法保存的字符（如空字符）'] });
    expect((await refusal(pipe.transform({ note: 'x', extra: [{ deep: '\u0000' }] }, body(NoteDto)))).fields).toEqual({
      'extra.0.deep': ['包含无法保存的字符（如空字符）'],
    });
  });

  it('refuses a lone surrogate in a path parameter and in a query', async () => {
    expect((await refusal(pipe.transform('\ud800', { type: 'param', data: 'no', metatype: String }))).fields).toEqual({
      no: ['包含无法保存的字符（如空字符）'],
    });
    expect((await refusal(pipe.transform({ status: ['x', '\udfff'] }, { type: 'query', metatype: ListDto }))).fields).toEqual({
      'status.1': ['包含无法保存的字符（如空字符）'],
    });
  });

  it('passes ordinary text, Chinese and emoji', async () => {
    await expect(pipe.transform({ note: '装箱单 😀' }, body(NoteDto))).resolves.toMatchObject({ note: '装箱单 😀' });
  });

  it('refuses an id beyond int4 and a weight in exponent notation with field messages', async () => {
    expect(Object.keys((await refusal(pipe.transform({ note: 'x', orderId: 2 ** 31 }, body(NoteDto)))).fields)).toEqual(['orderId']);
    expect(Object.keys((await refusal(pipe.transform({ note: 'x', weight: 1e-7 }, body(NoteDto)))).fields)).toEqual(['weight']);
    await expect(pipe.transform({ note: 'x', weight: 1.5e3 }, body(NoteDto))).resolves.toMatchObject({ weight: 1500 });
  });

  it('reads null in a list filter as no filter, and null paging fields as the defaults', async () => {
    await expect(pipe.transform({ status: null, pageIndex: null, pageSize: null }, body(ListDto))).resolves.toEqual(
      Object.assign(new ListDto(), { pageIndex: 1, pageSize: 20 }),
    );
  });

  it('answers 400 when a transform throws on odd input, keeping the error to be recorded', async () => {
    const { fields, cause } = await refusal(pipe.transform({ code: 42 }, body(CrashingDto)));
    expect(fields).toEqual({ body: ['请求信息错误'] });
    expect(cause).toBeInstanceOf(TypeError);
  });
});
