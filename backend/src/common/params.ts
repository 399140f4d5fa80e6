import { Param, type PipeTransform } from '@nestjs/common';
import { FieldErrors } from './app-error.js';
import { INT4_MAX } from './fields.js';
import { t } from './messages.js';

/** The id of a record in the path: 1 to the int4 maximum, digits only (no sign, decimals or exponent). */
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(id >= 1 && id <= INT4_MAX)) throw new FieldErrors({ [this.name]: [t('idInvalid')] });
    return id;
  }
}

/** A numeric id from the path (`/detail/:id`); anything else is a 400 on that field, in the user's language. */
export const IdParam = (name = 'id') => Param(name, new IdPipe(name));
