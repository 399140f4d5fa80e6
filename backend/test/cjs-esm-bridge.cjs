// Jest transform for CommonJS packages that require() the ESM-only NestJS 12 packages (@nestjs/throttler).
// Node 20.19+ runs them through require(esm), but jest supports require(esm) only on Node 24.9+: here each
// file of such a package becomes an ES module that imports what it requires and runs its CommonJS body
// unchanged. Its exports are named statically (found by cjs-module-lexer, as Node itself finds them).
const { readFileSync } = require('node:fs');
const { builtinModules, createRequire } = require('node:module');
const { parse } = require('cjs-module-lexer');

const REQUIRE = /\brequire\((["'])([^"']+)\1\)/g;

/** The names a CommonJS file exports, its re-exports (`__exportStar(require('./x'), exports)`) included. */
function exportNames(source, filename, seen = new Set()) {
  if (seen.has(filename)) return [];
  seen.add(filename);
  const { exports, reexports } = parse(source);
  const names = new Set(exports);
  const localRequire = createRequire(filename);
  for (const specifier of reexports) {
    const target = localRequire.resolve(specifier);
    if (!target.endsWith('.js')) continue;
    for (const name of exportNames(readFileSync(target, 'utf8'), target, seen)) names.add(name);
  }
  names.delete('__esModule');
  names.delete('default');
  return [...names].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

module.exports = {
  process(source, filename) {
    const specifiers = [...new Set([...source.matchAll(REQUIRE)].map((match) => match[2]))];
    const imports = specifiers.map((specifier, i) => {
      const target = specifier.startsWith('.') ? createRequire(filename).resolve(specifier) : specifier;
      return `import * as __required${i} from ${JSON.stringify(target)};`;
    });
    // A bridged file answers require() with its module.exports; an ES module or a built-in with its namespace.
    const table = specifiers
      .map((specifier, i) => {
        const builtin = builtinModules.includes(specifier.replace(/^node:/, ''));
        return `${JSON.stringify(specifier)}: ${builtin ? `__required${i}.default ?? __required${i}` : `__required${i}.__bridgedCommonJs ? __required${i}.default : __required${i}`}`;
      })
      .join(',\n');
    const names = exportNames(source, filename);
    const code = [
      ...imports,
      `const __table = {\n${table}\n};`,
      'const module = { exports: {} };',
      'var exports = module.exports;',
      'const require = (id) => { if (!(id in __table)) throw new Error(`cjs-esm-bridge: unexpected require(${id})`); return __table[id]; };',
      '(function () {',
      source.replace(/^#!.*/, '').replace(/\/\/# sourceMappingURL=.*$/m, ''),
      '}).call(module.exports);',
      'export default module.exports;',
      'export const __bridgedCommonJs = true;',
      ...names.map((name) => `export const ${name} = module.exports.${name};`),
    ].join('\n');
    return { code };
  },
};
