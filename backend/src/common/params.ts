import { Param, ParseIntPipe } from '@nestjs/common';
import { FieldErrors } from './app-error.js';
import { t } from './messages.js';

/** A numeric id from the path (`/detail/:id`); anything else is a 400 on that field, in the user's language. */
export const IdParam = (name = 'id') =>
  Param(name, new ParseIntPipe({ exceptionFactory: () => new FieldErrors({ [name]: [t('idInvalid')] }) }));
