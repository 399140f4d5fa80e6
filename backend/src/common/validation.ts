import { HttpException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppError, FieldErrors } from './app-error.js';
import { t } from './messages.js';
import { PageQueryDto } from './pagination.js';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}) {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) into[field] = [...new Set(Object.values(error.constraints))];
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

/** A NUL character or a UTF-16 surrogate without its pair: text PostgreSQL cannot store (nor JSON encode as UTF-8). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/**
 * The path (`items.2.name`) of the first text in a request value, key or string, that PostgreSQL cannot
 * store; undefined when all can be. Arrays and objects are walked to any depth the body parser allowed.
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return at;
    const found = unstorableTextPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Which part of the request a pipe validates, named in the field path when the value has no field of its own. */
const SOURCES: Partial<Record<ArgumentMetadata['type'], string>> = { body: 'body', query: 'query', param: 'path' };

const isListQuery = (metadata: ArgumentMetadata) =>
  typeof metadata.metatype === 'function' && (metadata.metatype === PageQueryDto || metadata.metatype.prototype instanceof PageQueryDto);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one place input is validated: DTO classes with class-validator rules; unknown fields are stripped,
 * failures become a 400 whose message maps each field to its messages. Around the rules:
 * - text that the database cannot store (NUL, lone surrogates) in the body, query or path is refused on its field;
 * - in a list's filters (a PageQueryDto) null means no filter, as an emptied form field does;
 * - a rule or transform that throws on some odd input answers 400 (and is recorded to be fixed), not 500.
 */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    const source = SOURCES[metadata.type];
    if (source) {
      const field = unstorableTextPath(value, metadata.data ?? '');
      if (field !== undefined) throw new FieldErrors({ [field || source]: [t('textUnstorable')] });
    }
    const input = isListQuery(metadata) && isPlainObject(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) : value;
    try {
      return await super.transform(input, metadata);
    } catch (error) {
      if (error instanceof FieldErrors || error instanceof AppError || error instanceof HttpException) throw error;
      throw new FieldErrors({ [metadata.data || source || 'value']: [t('validationFailed')] }, error);
    }
  }
}

export function createValidationPipe() {
  return new AppValidationPipe({
    whitelist: true,
    transform: true,
    // a transform answering undefined leaves the field's initial value (e.g. the default page size)
    transformOptions: { enableImplicitConversion: false, exposeUnsetFields: false },
    exceptionFactory: (errors) => new FieldErrors(collect(errors)),
  });
}
