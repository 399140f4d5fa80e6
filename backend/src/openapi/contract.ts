import { PATH_METADATA } from '@nestjs/common/constants.js';
import { NestFactory } from '@nestjs/core';
import {
  DECORATORS,
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  type TagObject,
} from '@nestjs/swagger';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ACCESS_RULE, type DeclaredAccess } from '../common/access.decorators.js';
import { IDEMPOTENT } from '../common/idempotent.js';
import { pathChoicesOf } from '../common/params.js';
import { loadConfig } from '../config/app-config.js';
import { completeDtoSchemas, type DtoClass } from './dto-schemas.js';
import { ENVELOPE_SCHEMAS, envelopeOf, errorResponse, fileResponse } from './envelope-schemas.js';
import { answerComponents, answerHeaders, clientErrorResponse, clientErrorsOf, headerParameter } from './operation-answers.js';
import { pluginMetadataModule } from './plugin-metadata.js';
import { TypeSchemas, type Answer } from './type-schemas.js';

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A route handler of a controller and what it answers. */
interface Handler {
  controller: string;
  method: string;
  answer: Answer;
}

export interface ContractPaths {
  /** backend/src */
  sourceDir: string;
  /** backend/dist, the compiled sources (this module among them) */
  outDir: string;
  /** backend/tsconfig.build.json */
  tsconfig: string;
}

/**
 * The OpenAPI document of the API, built without a database: the swagger plugin's metadata of the DTOs
 * and handlers (read from the TypeScript program, as the Nest CLI plugin would), the routes Nest scans
 * from the controllers (the app is created in preview mode: no provider is instantiated), and what each
 * handler answers read from its return type (type-schemas.ts), inside the envelope.
 */
export async function buildContract(paths: ContractPaths): Promise<OpenAPIObject> {
  const program = ReadonlyVisitor.createTsProgram(paths.tsconfig);
  const sourceDir = path.resolve(paths.sourceDir);
  const generated = path.join(sourceDir, 'generated');
  const metadataFile = path.join(paths.outDir, 'openapi', 'swagger-metadata.generated.js');
  writeFileSync(metadataFile, pluginMetadataModule(program, { sourceDir, moduleDir: path.join(sourceDir, 'openapi'), outDir: paths.outDir }));

  const { AppModule } = await import('../app.module.js');
  const app = await NestFactory.create(AppModule.forRoot(loadConfig({ DATABASE_URL: 'postgresql://contract/unused', WEB_DIR: '' })), {
    preview: true,
    logger: false,
  });
  const metadata = (await import(pathToFileURL(metadataFile).href)) as { default: () => Promise<Record<string, unknown>> };
  await SwaggerModule.loadPluginMetadata(metadata.default);
  const version = (JSON.parse(readFileSync(path.join(sourceDir, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Forwarder back office API')
      .setDescription(DESCRIPTION)
      .setVersion(version)
      .addServer('/api/v1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /login/user' }, 'bearer')
      .addSecurityRequirements('bearer')
      .build(),
    { operationIdFactory: (controller, method) => `${controller}_${method}` },
  );
  await app.close();

  const schemas = document.components?.schemas ?? {};
  const types = new TypeSchemas(
    program.getTypeChecker(),
    (file) => file.startsWith(`${sourceDir}/`) && !file.startsWith(`${generated}/`),
    new Set([...Object.keys(schemas), ...Object.keys(ENVELOPE_SCHEMAS)]),
  );
  types.learnAliases(program.getSourceFiles());
  const controllers = await controllersOf(program, sourceDir, paths.outDir);
  const handlers = new Map(handlersOf(program, controllers, types).map((h) => [`${h.controller}_${h.method}`, h]));

  completeDtoSchemas(schemas, await dtoClassesOf(program, sourceDir, paths.outDir), types);

  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const handler = handlers.get(operation.operationId ?? '');
      if (!handler) throw new Error(`${method.toUpperCase()} ${route}: no handler ${operation.operationId} in the sources`);
      const fn = controllers.get(handler.controller)?.prototype[handler.method] as object | undefined;
      const access = fn && (Reflect.getMetadata(ACCESS_RULE, fn) as DeclaredAccess | undefined);
      if (!access) throw new Error(`${method.toUpperCase()} ${route}: ${operation.operationId} declares no access rule`);
      const produces = (fn && (Reflect.getMetadata(DECORATORS.API_PRODUCES, fn) as string[] | undefined)) ?? [];
      if (!operation.summary) throw new Error(`${method.toUpperCase()} ${route}: ${operation.operationId} has no summary: give the handler a doc comment`);
      const signedIn = access.kind !== 'public';
      const answer: ResponseObject =
        handler.answer.kind === 'file'
          ? fileResponse(produces)
          : { description: 'OK', content: { 'application/json': { schema: envelopeOf(handler.answer.schema) } } };
      const errors = clientErrorsOf({
        operation,
        access: access.kind === 'public' || access.kind === 'signedIn' ? access.kind : 'permission',
        idempotent: Boolean(fn && Reflect.getMetadata(IDEMPOTENT, fn)),
        bodyProperties: bodyPropertiesOf(operation, schemas),
      });
      operation.responses = {
        200: { ...answer, headers: answerHeaders(signedIn) },
        ...Object.fromEntries(errors.map((status) => [status, clientErrorResponse(status)])),
        default: errorResponse,
      };
      operation.parameters = [
        ...(signedIn ? [headerParameter('RefreshToken')] : []),
        headerParameter('AcceptLanguage'),
        ...pathParametersInOrder(route, operation.parameters ?? []),
      ];
      if (!signedIn) operation.security = [];
      const { xAccess, rule } = accessNote(access, fn);
      Object.assign(operation, { 'x-access': xAccess });
      operation.description = [operation.description, rule].filter(Boolean).join('\n\n');
    }
  }
  document.tags = tagsOf(document, controllers, program.getTypeChecker());
  withWireNames(document);
  document.components = {
    ...document.components,
    ...answerComponents(),
    schemas: { ...schemas, ...ENVELOPE_SCHEMAS, ...Object.fromEntries(types.components) },
  };
  return sorted(withWireSchemaNames(withoutUnusedSchemas(document)));
}

/**
 * The document without the schemas nothing refers to (a nested DTO also named by an answer's type keeps
 * one of its two names): the paths and the other components name what stays, and what that names.
 */
function withoutUnusedSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const refsOf = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
  const used = new Set(refsOf({ ...document, components: { ...document.components, schemas: {} } }));
  for (const name of used) for (const ref of refsOf(schemas[name])) used.add(ref);
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } };
}

/**
 * An operation's parameters with those of its path in the order the path names them, the others where they were.
 * Nest lists a handler's parameters in the order their decorators ran, which tsc's and swc's output do not agree
 * on; the contract is the same whichever compiled the backend (`npm run build`: tsc; `npm test`: swc).
 */
function pathParametersInOrder(route: string, parameters: readonly (ParameterObject | ReferenceObject)[]): (ParameterObject | ReferenceObject)[] {
  const inPath = (parameter: ParameterObject | ReferenceObject): parameter is ParameterObject => 'in' in parameter && parameter.in === 'path';
  const at = (parameter: ParameterObject) => route.indexOf(`{${parameter.name}}`);
  const ordered = parameters.filter(inPath).sort((a, b) => at(a) - at(b));
  let next = 0;
  return parameters.map((parameter) => (inPath(parameter) ? ordered[next++] : parameter));
}

/** The properties of the request's JSON body when it is a named schema (a DTO), else none. */
function bodyPropertiesOf(operation: OperationObject, schemas: Record<string, SchemaObject | ReferenceObject>): string[] {
  const body = operation.requestBody;
  const schema = body && !('$ref' in body) ? body.content['application/json']?.schema : undefined;
  const named = schema && '$ref' in schema ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return named && !('$ref' in named) ? Object.keys(named.properties ?? {}) : [];
}

/**
 * Controllers the code names in the business's words (docs/glossary.md) whose tag and operation ids keep
 * the seeds' names on the wire, so what clients generate from the contract does not change.
 */
const WIRE_CONTROLLER_NAMES: Readonly<Record<string, string>> = {
  IssueBoardController: 'BbsController',
  OrderTimelineController: 'OrderTrackController',
  PublicTrackingController: 'TrackingController',
};

/** Answer and input types the code names in the business's words whose schemas keep their wire names. */
const WIRE_SCHEMA_NAMES: Readonly<Record<string, string>> = {
  IssueFile: 'BbsFile',
  IssueReminderRow: 'NoticeRow',
  IssueReminderListDto: 'NoticeListDto',
  IssueReminderCountDto: 'NoticeCountDto',
};

/** A schema's wire name: each part of a generic's name (`Page_IssueReminderRow`) by WIRE_SCHEMA_NAMES. */
const wireSchemaName = (name: string) =>
  name
    .split('_')
    .map((part) => WIRE_SCHEMA_NAMES[part] ?? part)
    .join('_');

/** The document with the schemas of WIRE_SCHEMA_NAMES, and every reference to them, under their wire names. */
function withWireSchemaNames(document: OpenAPIObject): OpenAPIObject {
  const text = JSON.stringify(document).replace(/"#\/components\/schemas\/([^"]+)"/g, (_, name: string) => `"#/components/schemas/${wireSchemaName(name)}"`);
  const renamed = JSON.parse(text) as OpenAPIObject;
  const schemas = renamed.components?.schemas ?? {};
  return {
    ...renamed,
    components: { ...renamed.components, schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [wireSchemaName(name), schema])) },
  };
}

const tagOf = (controller: string) => controller.replace(/Controller$/, '');

/** Gives the operations and tags of the controllers of WIRE_CONTROLLER_NAMES their wire names. */
function withWireNames(document: OpenAPIObject): void {
  const wireTags = new Map(Object.entries(WIRE_CONTROLLER_NAMES).map(([code, wire]) => [tagOf(code), tagOf(wire)]));
  for (const item of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const [controller, ...rest] = operation.operationId.split('_');
      const wire = WIRE_CONTROLLER_NAMES[controller];
      if (wire) operation.operationId = [wire, ...rest].join('_');
      operation.tags = operation.tags?.map((tag) => wireTags.get(tag) ?? tag);
    }
  }
  document.tags = document.tags?.map((tag) => ({ ...tag, name: wireTags.get(tag.name) ?? tag.name })).sort((x, y) => x.name.localeCompare(y.name));
}

/**
 * The tags the operations use, each described by the doc comment of its controller class (Nest names
 * a controller's tag after its class: `OrderFinanceController` is `OrderFinance`).
 */
function tagsOf(document: OpenAPIObject, controllers: Map<string, Controller>, checker: ts.TypeChecker): TagObject[] {
  const tags = new Map<string, string>();
  for (const item of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      const [tag] = operation?.tags ?? [];
      if (!operation || !tag || tags.has(tag)) continue;
      const controller = (operation.operationId ?? '').split('_')[0];
      const declaration = controllers.get(controller)?.declaration;
      const symbol = declaration?.name && checker.getSymbolAtLocation(declaration.name);
      const description = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : '';
      if (!description) throw new Error(`${controller} has no doc comment: it describes the tag ${tag} in the contract`);
      tags.set(tag, description.replace(/\s*\n\s*/g, ' '));
    }
  }
  return [...tags].sort(([a], [b]) => a.localeCompare(b)).map(([name, description]) => ({ name, description }));
}

const codesText = (codes: readonly string[]) => codes.map((c) => `\`${c}\``).join(' or ');

/**
 * The access rule as the contract states it: `x-access` is the codes (any one of them), `public` or
 * `signedIn`; for a @PermOf rule, `{ param, codes }` with the codes each value of the path parameter needs.
 */
function accessNote(access: DeclaredAccess, handler: object): { xAccess: unknown; rule: string } {
  if (access.kind === 'public') return { xAccess: 'public', rule: 'Public.' };
  if (access.kind === 'signedIn') return { xAccess: 'signedIn', rule: 'Any signed-in user.' };
  if (access.kind === 'permission') return { xAccess: access.codes, rule: `Permission: ${codesText(access.codes)}.` };
  if (access.kind === 'customer')
    return {
      xAccess: 'customer',
      rule: `A customer's portal session only (staff tokens: 403)${access.code ? `, holding ${codesText([access.code])}` : ''}.`,
    };
  const values = pathChoicesOf(handler)[access.param] ?? [];
  const codes = Object.fromEntries(values.map((value) => [value, access.codesOf(value)]));
  const each = Object.entries(codes).map(([value, valueCodes]) => `${value}: ${codesText(valueCodes)}`);
  return { xAccess: { param: access.param, codes }, rule: `Permission by \`${access.param}\`: ${each.join('; ')}.` };
}

/** A controller class of the sources: its declaration and its compiled prototype. */
interface Controller {
  declaration: ts.ClassDeclaration;
  prototype: Record<string, unknown>;
}

/** Every controller class of the sources, by name, in the order of their files. */
async function controllersOf(program: ts.Program, sourceDir: string, outDir: string): Promise<Map<string, Controller>> {
  const controllers = new Map<string, Controller>();
  const files = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(`${sourceDir}/`) && file.fileName.endsWith('.controller.ts'))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  for (const file of files) {
    const compiled = (await import(pathToFileURL(compiledPath(file, sourceDir, outDir)).href)) as Record<string, { prototype: Record<string, unknown> }>;
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !decoratorNames(statement).includes('Controller')) continue;
      controllers.set(statement.name.text, { declaration: statement, prototype: compiled[statement.name.text].prototype });
    }
  }
  return controllers;
}

/**
 * Every handler of every controller, with what it answers: the methods Nest routes (those it declares and
 * those it inherits, ResourceController's), each return type read as the controller's class sees it.
 */
function handlersOf(program: ts.Program, controllers: Map<string, Controller>, types: TypeSchemas): Handler[] {
  const checker = program.getTypeChecker();
  const handlers: Handler[] = [];
  for (const [controller, { declaration, prototype }] of controllers) {
    for (const member of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration))) {
      const fn = prototype[member.name];
      if (typeof fn !== 'function' || Reflect.getMetadata(PATH_METADATA, fn) === undefined) continue;
      const [signature] = checker.getTypeOfSymbolAtLocation(member, declaration).getCallSignatures();
      handlers.push({ controller, method: member.name, answer: types.answerOf(signature) });
    }
  }
  return handlers;
}

/** Every exported class of the DTO files, by name. */
async function dtoClassesOf(program: ts.Program, sourceDir: string, outDir: string): Promise<Map<string, DtoClass>> {
  const dtos = new Map<string, DtoClass>();
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(`${sourceDir}/`) || !file.fileName.endsWith('.dto.ts')) continue;
    const compiled = (await import(pathToFileURL(compiledPath(file, sourceDir, outDir)).href)) as Record<string, unknown>;
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || typeof compiled[statement.name.text] !== 'function') continue;
      dtos.set(statement.name.text, { declaration: statement, target: compiled[statement.name.text] as DtoClass['target'] });
    }
  }
  return dtos;
}

const compiledPath = (file: ts.SourceFile, sourceDir: string, outDir: string) =>
  path.join(outDir, path.relative(sourceDir, file.fileName)).replace(/\.ts$/, '.js');

function decoratorNames(node: ts.HasDecorators): string[] {
  return (ts.getDecorators(node) ?? []).map((d) => (ts.isCallExpression(d.expression) ? d.expression.expression.getText() : d.expression.getText()));
}

/** Paths and components in alphabetical order, so the file changes only where the API does. */
function sorted(document: OpenAPIObject): OpenAPIObject {
  const byKey = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...document,
    paths: byKey(document.paths),
    components: { ...document.components, schemas: byKey(document.components?.schemas ?? {}) },
  };
}

const DESCRIPTION = [
  'Every call answers the envelope `{ success, code, message, data }` (`Envelope`): the schemas of the answers below are its `data`.',
  'Errors come in the same envelope with `success: false` and the HTTP status in `code`; a 400 of validation carries in `message` a JSON string mapping each field to its messages; `requestId` is the id of the request (every answer also has it in `X-Request-Id`; a client may send its own, 1–64 characters of `A-Za-z0-9._-`), kept with its request and exception log rows.',
  'Send `Authorization: Bearer <token>`; with an expired access token also `X-Authorization: Bearer <refreshToken>`, and read the renewed tokens from the `access-token` and `x-access-token` headers (docs/api.md, Tokens).',
  "Messages are Chinese unless the request says `Accept-Language: en`. `x-access` names the permission codes a call needs (any one of them); where they follow a path parameter, it maps each of the parameter's values to its codes (`{ param, codes }`).",
].join('\n\n');
