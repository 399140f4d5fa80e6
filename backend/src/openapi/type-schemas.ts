import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import ts from 'typescript';

export type Schema = SchemaObject | ReferenceObject;

/** What a handler answers: JSON data (inside the envelope), a file, or nothing the contract can describe. */
export type Answer = { kind: 'json'; schema: Schema } | { kind: 'file' };

/**
 * `null`: OpenAPI 3.0 has no null type, and `nullable` needs a `type` beside it (Redocly's
 * nullable-type-sibling), so null is the nullable schema whose only value is null.
 */
const NULL_SCHEMA: SchemaObject = { type: 'object', nullable: true, enum: [null] };

/** Classes whose values a handler returns to choose how the answer is sent, not what it holds. */
const FILE_CLASS = 'StreamableFile';
const MESSAGE_CLASS = 'WithMessage';

/**
 * OpenAPI 3.0 schemas of TypeScript types as JSON carries them, read with the type checker: what a
 * handler's return type says its answer holds, inferred types included, so the contract describes what
 * the services really return without response classes repeating them.
 *
 * - A type declared under the project's source (an interface, a class, a type alias) becomes a named
 *   component referenced by `$ref`; a generic one is named after its arguments (`Page_CustomerRow`);
 *   object types without a name (inferred object literals, Prisma's results) are written inline.
 * - What JSON.stringify does is followed: a value with `toJSON` is described by what `toJSON` returns
 *   (a Date is a date-time string, a Decimal a string), functions and `undefined` fields are left out.
 * - `T | null` is `nullable` where T has a type, else any of T and null; `prop?: T` and `T | undefined`
 *   are not `required`.
 */
export class TypeSchemas {
  /** Components by name, in the order they were met. */
  readonly components = new Map<string, SchemaObject>();
  private readonly names = new Map<ts.Type, string | null>();
  /** The declaration each component name stands for, to tell two different types of one name apart. */
  private readonly owners = new Map<string, ts.Node>();
  /** Object types named by an exported alias that does not show on the type itself (learnAliases). */
  private readonly aliases = new Map<ts.Type, { name: string; declaration: ts.Node; symbol: ts.Symbol }>();
  /** Object types being written inline, to stop at an anonymous type that contains itself. */
  private readonly inlineStack = new Set<ts.Type>();

  constructor(
    private readonly checker: ts.TypeChecker,
    /** Whether a declaration's file is the project's own source (named components come only from there). */
    private readonly isOwnSource: (fileName: string) => boolean,
    /** Component names already taken (the request DTO classes): answers' types get other names. */
    private readonly reserved: ReadonlySet<string> = new Set(),
  ) {}

  /** What a handler answers, from its call signature: the envelope's data, or a file. */
  answerOf(signature: ts.Signature | undefined): Answer {
    if (!signature) return { kind: 'json', schema: {} };
    const returned = this.checker.getReturnTypeOfSignature(signature);
    const type = this.checker.getAwaitedType(returned) ?? returned;
    const members = type.isUnion() ? type.types : [type];
    if (members.some((member) => this.isClass(member, FILE_CLASS))) return { kind: 'file' };
    const data = members.map((member) => (this.isClass(member, MESSAGE_CLASS) ? this.propertyType(member, 'data') : member));
    return { kind: 'json', schema: this.unionSchema(data) };
  }

  /**
   * Names the object types that exported type aliases of the project stand for, so that a type written
   * as `export type OrderView = ReturnType<typeof view>` and returned by handlers is one component.
   */
  learnAliases(files: readonly ts.SourceFile[]): void {
    for (const file of files) {
      if (!this.isOwnSource(file.fileName)) continue;
      for (const statement of file.statements) {
        if (!ts.isTypeAliasDeclaration(statement) || statement.typeParameters) continue;
        if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        const symbol = this.checker.getSymbolAtLocation(statement.name);
        if (!symbol) continue;
        const type = this.checker.getDeclaredTypeOfSymbol(symbol);
        if (!(type.flags & ts.TypeFlags.Object) || this.checker.isArrayType(type) || this.checker.isTupleType(type) || type.aliasSymbol === symbol) continue;
        if (!this.aliases.has(type)) this.aliases.set(type, { name: symbol.name, declaration: statement, symbol });
      }
    }
  }

  /** The schema of one type. */
  schemaOf(type: ts.Type): Schema {
    // a value written by its toJSON (a Date, a Decimal) is what toJSON returns, never a component
    const name = this.toJsonType(type) ? null : this.nameOf(type);
    if (name) return { $ref: `#/components/schemas/${name}` };
    return this.describe(type);
  }

  /** A schema to write where only an inline one fits (a component's body). */
  private inline(schema: Schema): SchemaObject {
    return '$ref' in schema ? { allOf: [schema] } : schema;
  }

  private describe(type: ts.Type): SchemaObject {
    const { flags } = type;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Never) return { not: {} };
    if (flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { ...NULL_SCHEMA };
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', enum: [this.checker.typeToString(type) === 'true'] };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    // JSON.stringify cannot write a bigint; a handler never answers one
    if (flags & ts.TypeFlags.BigInt) return {};
    if (type.isUnion()) return this.inline(this.unionSchema(type.types));
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return this.objectLike(type);
    return {};
  }

  /**
   * A union: `null` and `undefined` make it nullable, literals of one kind an enum, the rest `anyOf` (a
   * TypeScript union does not make its members exclusive, as `oneOf` would).
   */
  private unionSchema(types: readonly ts.Type[]): Schema {
    const nullable = types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void));
    let rest = types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    // `boolean` is `true | false` to the checker
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    if (booleans.length === 2) rest = [...rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)), this.checker.getBooleanType()];
    // a JSON column (Prisma's JsonValue: JsonObject | JsonArray | …): any JSON value
    if (rest.some((t) => this.isForeign(t, 'JsonArray'))) return {};
    const withNull = (schema: Schema): Schema => (nullable ? orNull(schema) : schema);
    if (rest.length === 0) return { ...NULL_SCHEMA };
    if (rest.length === 1) return withNull(this.schemaOf(rest[0]));
    if (rest.every((t) => t.flags & ts.TypeFlags.StringLiteral)) {
      return withNull({ type: 'string', enum: rest.map((t) => (t as ts.StringLiteralType).value).sort() });
    }
    if (rest.every((t) => t.flags & ts.TypeFlags.NumberLiteral)) {
      return withNull({ type: 'number', enum: rest.map((t) => (t as ts.NumberLiteralType).value).sort((a, b) => a - b) });
    }
    return withNull({ anyOf: rest.map((t) => this.schemaOf(t)) });
  }

  /** Whether the type is the library's (not the project's) interface of that name. */
  private isForeign(type: ts.Type, name: string): boolean {
    const symbol = type.getSymbol();
    return symbol?.name === name && !(symbol.declarations ?? []).some((d) => this.isOwnSource(d.getSourceFile().fileName));
  }

  private objectLike(type: ts.Type): SchemaObject {
    const json = this.toJsonType(type);
    if (json) return this.isDate(type) ? { type: 'string', format: 'date-time' } : this.describe(json);
    if (this.checker.isArrayType(type)) {
      const [item] = this.checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: this.schemaOf(item) };
    }
    if (this.checker.isTupleType(type)) {
      const items = this.checker.getTypeArguments(type as ts.TypeReference);
      return {
        type: 'array',
        items: items.length === 1 ? this.schemaOf(items[0]) : { anyOf: items.map((t) => this.schemaOf(t)) },
        minItems: items.length,
        maxItems: items.length,
      };
    }
    if (this.inlineStack.has(type)) return { type: 'object' };
    this.inlineStack.add(type);
    try {
      return this.objectSchema(type);
    } finally {
      this.inlineStack.delete(type);
    }
  }

  private objectSchema(type: ts.Type): SchemaObject {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      const field = this.propertyOf(property);
      if (!field) continue;
      properties[property.name] = field.schema;
      if (field.required) required.push(property.name);
    }
    const schema: SchemaObject = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    const index = this.checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    if (index) schema.additionalProperties = this.schemaOf(index.type);
    return schema;
  }

  /** The fields of a class as JSON carries them (a DTO's, to complete what the swagger plugin could not see). */
  fieldsOf(declaration: ts.ClassDeclaration): Map<string, { schema: Schema; required: boolean }> {
    const fields = new Map<string, { schema: Schema; required: boolean }>();
    const symbol = declaration.name && this.checker.getSymbolAtLocation(declaration.name);
    if (!symbol) return fields;
    for (const property of this.checker.getPropertiesOfType(this.checker.getDeclaredTypeOfSymbol(symbol))) {
      const field = this.propertyOf(property);
      if (field) fields.set(property.name, field);
    }
    return fields;
  }

  /** A data field's schema (with its doc comment) and whether it is always present; null for methods and hidden members. */
  private propertyOf(property: ts.Symbol): { schema: Schema; required: boolean } | null {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Prototype) || property.name.startsWith('__@')) return null;
    if (declaration && ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return null;
    const propertyType = this.checker.getTypeOfSymbol(property);
    if (this.isFunction(propertyType)) return null;
    const members = propertyType.isUnion() ? propertyType.types : [propertyType];
    const present = members.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    if (present.length === 0) return null;
    let schema: Schema = present.length === members.length ? this.schemaOf(propertyType) : this.unionSchema(present);
    const description = ts.displayPartsToString(property.getDocumentationComment(this.checker)).trim();
    if (description) schema = '$ref' in schema ? { allOf: [schema], description } : { ...schema, description };
    // a class field with an initial value (a DTO's paging) may be left out
    const defaulted = !!declaration && ts.isPropertyDeclaration(declaration) && !!declaration.initializer;
    return { schema, required: !(property.flags & ts.SymbolFlags.Optional) && present.length === members.length && !defaulted };
  }

  /**
   * The component name of a type, or null to write it inline. Registers the component the first time
   * (the name is taken before the schema is written, so a type that contains itself refers to itself).
   */
  private nameOf(type: ts.Type): string | null {
    const known = this.names.get(type);
    if (known !== undefined) return known;
    const base = this.baseName(type);
    if (!base) {
      this.names.set(type, null);
      return null;
    }
    const name = this.uniqueName(base.name, base.declaration);
    this.names.set(type, name);
    const schema = this.describe(type);
    const description = base.symbol ? ts.displayPartsToString(base.symbol.getDocumentationComment(this.checker)).trim() : '';
    this.components.set(name, description ? { ...schema, description } : schema);
    return name;
  }

  private baseName(type: ts.Type): { name: string; declaration: ts.Node; symbol?: ts.Symbol } | null {
    const alias = type.aliasSymbol;
    const aliasDeclaration = alias?.declarations?.[0];
    if (alias && aliasDeclaration && this.isOwnSource(aliasDeclaration.getSourceFile().fileName)) {
      return this.withArguments(alias.name, type.aliasTypeArguments ?? [], aliasDeclaration, alias);
    }
    if (!(type.flags & ts.TypeFlags.Object) || this.checker.isArrayType(type) || this.checker.isTupleType(type)) return null;
    const symbol = type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    const declared = !!symbol && !!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) && !!declaration;
    if (!symbol || !declaration || !declared || !this.isOwnSource(declaration.getSourceFile().fileName)) return this.aliases.get(type) ?? null;
    const args = (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference ? this.checker.getTypeArguments(type as ts.TypeReference) : [];
    return this.withArguments(symbol.name, args, declaration, symbol);
  }

  /** `Page<CustomerRow>` is `Page_CustomerRow`; a generic type with an unnamed argument is written inline. */
  private withArguments(name: string, args: readonly ts.Type[], declaration: ts.Node, symbol: ts.Symbol) {
    const parts: string[] = [];
    for (const arg of args) {
      const argName = this.nameOf(arg) ?? primitiveName(arg);
      if (!argName) return null;
      parts.push(argName);
    }
    return { name: [name, ...parts].join('_'), declaration, symbol };
  }

  /** Two types of one name from different files: the later one takes its file's name as a prefix. */
  private uniqueName(name: string, declaration: ts.Node): string {
    const taken = (candidate: string) => this.reserved.has(candidate) || (this.owners.has(candidate) && this.owners.get(candidate) !== declaration);
    let candidate = name;
    if (taken(candidate)) {
      const file = declaration.getSourceFile().fileName;
      const stem = file
        .slice(file.lastIndexOf('/') + 1)
        .replace(/\.(dto|service|controller)?\.?ts$/, '')
        .replace(/\.ts$/, '');
      candidate = `${pascal(stem)}${name}`;
    }
    for (let n = 2; taken(candidate); n++) candidate = `${name}${n}`;
    this.owners.set(candidate, declaration);
    return candidate;
  }

  private toJsonType(type: ts.Type): ts.Type | null {
    const toJson = type.getProperty('toJSON');
    if (!toJson) return null;
    const signatures = this.checker.getTypeOfSymbol(toJson).getCallSignatures();
    return signatures.length > 0 ? this.checker.getReturnTypeOfSignature(signatures[0]) : null;
  }

  private isDate(type: ts.Type): boolean {
    return type.getSymbol()?.name === 'Date' && !!type.getProperty('getTime');
  }

  private isFunction(type: ts.Type): boolean {
    return type.getCallSignatures().length > 0 && this.checker.getPropertiesOfType(type).length === 0;
  }

  private isClass(type: ts.Type, name: string): boolean {
    return type.getSymbol()?.name === name && !!(type.getSymbol()!.flags & ts.SymbolFlags.Class);
  }

  private propertyType(type: ts.Type, name: string): ts.Type {
    const property = type.getProperty(name);
    return property ? this.checker.getTypeOfSymbol(property) : this.checker.getUnknownType();
  }
}

function primitiveName(type: ts.Type): string | null {
  if (type.flags & ts.TypeFlags.String) return 'string';
  if (type.flags & ts.TypeFlags.Number) return 'number';
  if (type.flags & ts.TypeFlags.Boolean) return 'boolean';
  return null;
}

const pascal = (text: string) => text.replace(/(^|[-_.])([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/**
 * A schema that also admits null: `nullable` beside a type, null added to an `anyOf`, else any of the
 * schema and null (a `$ref` takes no siblings; `nullable` beside `allOf` would not admit null under
 * OpenAPI 3.0.3). A schema without constraints admits null already.
 */
function orNull(schema: Schema): Schema {
  if ('$ref' in schema) return { anyOf: [schema, { ...NULL_SCHEMA }] };
  if (schema.type) return { ...schema, nullable: true };
  if (schema.anyOf) return { ...schema, anyOf: [...schema.anyOf, { ...NULL_SCHEMA }] };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { ...NULL_SCHEMA }] };
}
