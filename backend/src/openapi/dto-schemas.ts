import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type ts from 'typescript';
import type { TypeSchemas } from './type-schemas.js';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** A DTO class: its declaration in the sources and the class itself (compiled). */
export interface DtoClass {
  declaration: ts.ClassDeclaration;
  target: abstract new (...args: never[]) => unknown;
}

/**
 * Completes the request schemas the swagger plugin wrote from the DTO classes' syntax:
 * - fields it cannot see (declared by a mixin such as `withStageData`) are added with their TypeScript
 *   types, and those it could only call `Object` (an inferred type, `unknown`) get theirs;
 * - the bounds class-validator enforces are added from its own metadata, so the rules written through
 *   the project's decorators (`@IntField`, `@OptionalText`, `@IsId`…) show as much as the direct ones;
 * - a field with a default (paging) is not required (the class's initial value fills it in).
 */
export function completeDtoSchemas(schemas: Record<string, SchemaObject | ReferenceObject>, dtos: Map<string, DtoClass>, types: TypeSchemas): void {
  const storage = getMetadataStorage();
  for (const [name, schema] of Object.entries(schemas)) {
    const dto = dtos.get(name);
    if (!dto || '$ref' in schema) continue;
    const properties = (schema.properties ??= {});
    const required = new Set(schema.required ?? []);
    for (const [field, { schema: fieldSchema, required: always }] of types.fieldsOf(dto.declaration)) {
      const seen = properties[field];
      if (seen && !isBareObject(seen)) continue;
      if (!seen) {
        properties[field] = fieldSchema;
        if (always) required.add(field);
      } else {
        // the plugin writes `Object` for a type it cannot name (an inferred field, `unknown`): the checker can
        const { type: _unnamed, ...rest } = seen as SchemaObject;
        properties[field] = '$ref' in fieldSchema ? { ...rest, allOf: [fieldSchema] } : { ...rest, ...fieldSchema };
      }
    }
    const rules = storage.groupByPropertyName(storage.getTargetValidationMetadatas(dto.target, '', true, false));
    for (const [field, metadata] of Object.entries(rules)) {
      const property = properties[field];
      if (!property || '$ref' in property) continue;
      for (const rule of metadata) applyRule(rule.each && property.items && !('$ref' in property.items) ? property.items : property, rule);
      if (metadata.some((rule) => rule.name === 'isOptional')) required.delete(field);
    }
    for (const [field, property] of Object.entries(properties)) if (!('$ref' in property) && property.default !== undefined) required.delete(field);
    if (required.size > 0) schema.required = Object.keys(properties).filter((field) => required.has(field));
    else delete schema.required;
  }
}

const isBareObject = (schema: SchemaObject | ReferenceObject) =>
  !('$ref' in schema) && schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.allOf;

/** The rules that bound a number, a text or a list: the JSON Schema keyword each fills from its first constraint. */
const BOUNDS = {
  min: 'minimum',
  max: 'maximum',
  minLength: 'minLength',
  maxLength: 'maxLength',
  arrayMinSize: 'minItems',
  arrayMaxSize: 'maxItems',
} as const satisfies Record<string, keyof SchemaObject>;

/** One class-validator rule as a JSON Schema keyword, where the schema does not say it already. */
function applyRule(schema: SchemaObject, rule: ValidationMetadata): void {
  const [first, second] = (rule.constraints ?? []) as unknown[];
  if (rule.name !== undefined && Object.hasOwn(BOUNDS, rule.name)) {
    schema[BOUNDS[rule.name as keyof typeof BOUNDS]] ??= first as number;
    return;
  }
  switch (rule.name) {
    case 'isInt':
      if (schema.type === 'number' || schema.type === undefined) schema.type = 'integer';
      break;
    case 'isBoolean':
      schema.type ??= 'boolean';
      break;
    case 'isString':
      schema.type ??= 'string';
      break;
    case 'isLength':
      schema.minLength ??= first as number;
      if (typeof second === 'number') schema.maxLength ??= second;
      break;
    case 'isNotEmpty':
      if (schema.type === 'string') schema.minLength ??= 1;
      break;
    case 'matches':
      schema.pattern ??= first instanceof RegExp ? first.source : String(first);
      break;
    case 'isIn':
      if (Array.isArray(first)) schema.enum ??= first;
      break;
    case 'isEmail':
      schema.format ??= 'email';
      break;
  }
}
