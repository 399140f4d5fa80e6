import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { FieldErrors } from './app-error.js';

function collect(errors: ValidationError[], prefix = '', into: Record<string, string[]> = {}) {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) into[field] = [...new Set(Object.values(error.constraints))];
    if (error.children?.length) collect(error.children, field, into);
  }
  return into;
}

/**
 * The one place input is validated: DTO classes with class-validator rules; unknown fields are stripped,
 * failures become a 400 whose message maps each field to its messages.
 */
export function createValidationPipe() {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new FieldErrors(collect(errors)),
  });
}
