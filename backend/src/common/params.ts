import { Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
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

// ---- choice parameters: one handler for a family of routes that differ by a value of a domain list ----

const PATH_CHOICES = 'fwd:path-choices';

/** The values each choice parameter of a handler takes, by parameter name. */
export type PathChoices = Readonly<Record<string, readonly string[]>>;

/** The choice parameters a handler declares (none for most). */
export const pathChoicesOf = (handler: object): PathChoices => (Reflect.getMetadata(PATH_CHOICES, handler) as PathChoices | undefined) ?? {};

/** The listed value a path segment names; routes match any case, as Express matches the rest of the path. */
const valueOf = <T extends string>(values: readonly T[], raw: unknown): T | undefined =>
  typeof raw === 'string' ? values.find((value) => value.toLowerCase() === raw.toLowerCase()) : undefined;

/**
 * The listed values a request's path names for the handler's choice parameters, or null when one is not
 * in its list: then the path is not this handler's (the access guard passes it on, before signing in).
 */
export function chosenValues(handler: object, params: Readonly<Record<string, unknown>>): Record<string, string> | null {
  const chosen: Record<string, string> = {};
  for (const [name, values] of Object.entries(pathChoicesOf(handler))) {
    const value = valueOf(values, params[name]);
    if (value === undefined) return null;
    chosen[name] = value;
  }
  return chosen;
}

/**
 * Thrown when a path is not the matched handler's after all (a choice parameter names no listed value):
 * the exception filter hands the request back to the router, which tries the routes after this one, and
 * answers 404 as for any unknown path when none fits. So `order/:kind/detail/:orderId` does not take
 * `order/bbs/detail/7` from the issue board's route, whichever was added first.
 */
export class NotThisRoute extends Error {}

class ChoicePipe<T extends string> implements PipeTransform<string, T> {
  constructor(private readonly values: readonly T[]) {}

  transform(raw: string): T {
    const value = valueOf(this.values, raw);
    if (value === undefined) throw new NotThisRoute();
    return value;
  }
}

/**
 * A path parameter taking one value of a domain list: `@Post('upgrade/:stage')` with
 * `@ChoiceParam('stage', ORDER_STAGES) stage: UpgradeStage` serves upgrade/warehouse, upgrade/sail, … with
 * one handler. Any other value is not this route (NotThisRoute): a later route may serve it, else it
 * answers 404 exactly as an unknown path does, whoever asks (the access guard checks the choices before
 * signing in). The route catalogue lists one route per value (so the security list, the authorisation
 * matrix and the fuzzing see every URL), and the contract gives the parameter as an enum. A permission
 * that follows the value is `@PermOf<T>(name, domainFunction)` (access.decorators.ts).
 */
export function ChoiceParam<T extends string>(name: string, values: readonly T[]): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) throw new Error(`@ChoiceParam('${name}') belongs on a handler's parameter`);
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    Reflect.defineMetadata(PATH_CHOICES, { ...pathChoicesOf(descriptor.value as object), [name]: values }, descriptor.value as object);
    ApiParam({ name, enum: [...values] })(target, key, descriptor);
    Param(name, new ChoicePipe(values))(target, key, index);
  };
}
