/**
 * The module boundaries, checked by `npm run lint:deps` (part of `npm test`). docs/development.md says why
 * each holds. Type-only imports count: knowing another module's types is knowing that module.
 */
const BUSINESS_AREAS = '(admin|customers|orders|finance|ports|prices|questions|workbench|seed)';

module.exports = {
  forbidden: [
    {
      name: 'domain-knows-no-app',
      comment: 'packages/domain holds the rules both sides share: it imports neither side, nor Nest, Prisma or React.',
      severity: 'error',
      from: { path: '^packages/domain/src' },
      to: { path: '^(backend|frontend)/|node_modules/(@nestjs|@prisma|react|react-dom|antd)/' },
    },
    {
      name: 'base-knows-no-area',
      comment: 'common/, prisma/ and core/ are what the areas build on: they import no business area (an area registers what it adds, e.g. its messages).',
      severity: 'error',
      from: { path: '^backend/src/(common|prisma|core)/' },
      to: { path: `^backend/src/${BUSINESS_AREAS}/` },
    },
    {
      name: 'hub-knows-no-business',
      comment: 'The realtime hub carries messages; what they mean belongs to the areas that send them.',
      severity: 'error',
      from: { path: '^backend/src/hub/' },
      to: { path: `^backend/src/${BUSINESS_AREAS}/` },
    },
    {
      name: 'shared-knows-no-feature',
      comment: 'frontend/src/shared is the toolbox of every feature: it imports no feature and nothing of the app shell.',
      severity: 'error',
      from: { path: '^frontend/src/shared/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'feature-through-its-index',
      comment: "A feature uses another only through that feature's public index.ts, so its insides can move freely.",
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/', pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'no-cycles',
      comment: 'Modules that import each other cannot be understood, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the checker cannot resolve would slip past every rule above.',
      severity: 'error',
      from: { path: '^(backend|frontend)/src/' },
      // a build plugin's own module (frontend/vite.config.ts: virtual:antd-styles.css) has no file to resolve
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^backend/src/generated/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    // the frontend's alias (@/); the backend imports relatively with .js endings, meaning the .ts files
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'],
      conditionNames: ['forwarder-source', 'import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: false,
  },
};
