import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import ts from 'typescript';

/** How the swagger plugin reads the DTOs and controllers (the options the Nest CLI plugin would get). */
export const PLUGIN_OPTIONS = {
  dtoFileNameSuffix: ['.dto.ts'],
  controllerFileNameSuffix: ['.controller.ts'],
  // the class-validator decorators (IsString, Length, Min, IsIn…) as schema constraints
  classValidatorShim: true,
  // doc comments as descriptions of DTO fields and summaries of handlers
  introspectComments: true,
  esmCompatible: true,
};

/**
 * The swagger plugin's metadata of every DTO and controller of `program`, as the source of an ES module
 * for `SwaggerModule.loadPluginMetadata` (what `PluginMetadataGenerator` of the Nest CLI writes as
 * metadata.ts for SWC builds). The module's imports are relative to `moduleDir`, where it must be written
 * (in the compiled output: the imports name the compiled files).
 */
export function pluginMetadataModule(program: ts.Program, options: { sourceDir: string; moduleDir: string; outDir: string }): string {
  const visitor = new ReadonlyVisitor({ ...PLUGIN_OPTIONS, pathToSource: options.moduleDir, rootDir: options.sourceDir, outDir: options.outDir });
  for (const file of program.getSourceFiles()) {
    if (!file.isDeclarationFile && file.fileName.startsWith(`${options.sourceDir}/`)) visitor.visit(program, file);
  }
  const { models, controllers } = visitor.collect();
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const blank = ts.createSourceFile('metadata.js', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const print = (node: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, node, blank);
  const entries = <T>(list: [ts.CallExpression, Record<string, T>][], value: (meta: T) => string) =>
    list
      .map(([fileImport, classes]) => {
        const members = Object.entries(classes).map(([name, meta]) => `${JSON.stringify(name)}: ${value(meta)}`);
        return `[${print(fileImport)}, { ${members.join(', ')} }]`;
      })
      .join(',\n      ');
  const typeImports = Object.entries(visitor.typeImports).map(([path, expression]) => `${JSON.stringify(path)}: ${expression}`);
  return [
    '// Written by the build (src/openapi/generate.ts) from the swagger plugin: do not edit.',
    'export default async () => {',
    `  const t = { ${typeImports.join(', ')} };`,
    '  return {',
    "    '@nestjs/swagger': {",
    `      models: [\n      ${entries(models, print)}],`,
    `      controllers: [\n      ${entries(
      controllers,
      (methods) =>
        `{ ${Object.entries(methods)
          .map(([name, meta]) => `${JSON.stringify(name)}: ${print(meta)}`)
          .join(', ')} }`,
    )}],`,
    '    },',
    '  };',
    '};',
    '',
  ].join('\n');
}
