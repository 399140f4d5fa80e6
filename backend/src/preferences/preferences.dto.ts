import { IsDefined } from 'class-validator';

/** PUT /user/preference/:name: any JSON value (a list's columns, density, saved filters), bounded in size by the service. */
export class PutPreferenceDto {
  /** the setting's value, at most PREFERENCE_MAX_BYTES of JSON */
  @IsDefined()
  value!: unknown;
}
