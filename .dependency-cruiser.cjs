/**
 * The module boundaries, checked by `npm run lint:deps` (part of `npm test`). docs/development.md says why
 * each holds. Type-only imports count: knowing another module's types is knowing that module.
 */
const BUSINESS_AREAS = '(admin|customers|orders|finance|ports|prices|questions|workbench|seed)';
/** The business areas proper: what administration (staff, roles, menus, dictionaries, logs, notices) serves. */
const TRADE_AREAS = '(customers|orders|finance|ports|prices|questions|workbench)';
/** The server's bottom layer: what every other module builds on (the generated Prisma client is a library beside it). */
const BOTTOM = '^backend/src/(common|config)/';
/** The system log's warehouse receipts (admin-goods-log-knows-the-receipts-only). */
const GOODS_LOG = '^backend/src/admin/log/log-(records\\.service|list-export)\\.ts$';

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
      name: 'bottom-knows-nothing-above',
      comment:
        'common/ (with the redaction policy, request ids, the error-log token) and config/ are the bottom layer: they import nothing of the server above them, not audit, prisma, logging or operations; an upper module that they must reach registers itself under a token of theirs (common/error-log.ts). Specs may assemble the layers.',
      severity: 'error',
      from: { path: BOTTOM, pathNot: '\\.spec\\.ts$' },
      to: { path: '^backend/src/', pathNot: [BOTTOM, '^backend/src/generated/'] },
    },
    {
      name: 'logging-on-the-bottom',
      comment: 'logging/ stands beside the bottom layer: it uses common/ and config/, and nothing that logs through it (audit, prisma, the areas).',
      severity: 'error',
      from: { path: '^backend/src/logging/' },
      to: { path: '^backend/src/', pathNot: [BOTTOM, '^backend/src/(logging|generated)/'] },
    },
    {
      name: 'audit-below-prisma',
      comment: 'audit/ writes the logs the Prisma layer feeds: prisma/ uses it, never the reverse, and it knows no area.',
      severity: 'error',
      from: { path: '^backend/src/audit/' },
      to: { path: '^backend/src/', pathNot: [BOTTOM, '^backend/src/(audit|logging|generated)/'] },
    },
    {
      name: 'auth-knows-no-admin',
      comment:
        'Authentication signals what administrators must hear (auth/account-alerts.ts, auth/session-events.ts); admin/notice subscribes. auth imports nothing of admin.',
      severity: 'error',
      from: { path: '^backend/src/auth/' },
      to: { path: '^backend/src/admin/' },
    },
    {
      name: 'runtime-knows-no-seed',
      comment:
        'seed/ fills a database (first start, demo, tests): the running server imports nothing of it; what both need (the demo load row, its lock) lives in the runtime and seed imports it. Specs may use the seeds.',
      severity: 'error',
      from: { path: '^backend/src/', pathNot: ['^backend/src/seed/', '\\.spec\\.ts$'] },
      to: { path: '^backend/src/seed/' },
    },
    {
      name: 'admin-knows-no-business-area',
      comment:
        'Administration serves the business areas and imports none of them: an area registers what it adds (its rows of the operation log: admin/log/log-scope.ts, registerLogScopes).',
      severity: 'error',
      from: { path: '^backend/src/admin/', pathNot: GOODS_LOG },
      to: { path: `^backend/src/${TRADE_AREAS}/` },
    },
    {
      name: 'admin-goods-log-knows-the-receipts-only',
      comment:
        "The one deliberate exception to admin-knows-no-business-area: the system log's 入仓记录 (/log/goods, log:goods) lists the orders' warehouse receipts through orders/cargo/warehouse-receipts.ts alone, whose row type the contract names (Page_WarehouseReceipt, under LogController: moving the route would change the contract).",
      severity: 'error',
      from: { path: GOODS_LOG },
      to: { path: `^backend/src/${TRADE_AREAS}/`, pathNot: '^backend/src/orders/cargo/warehouse-receipts\\.ts$' },
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
      name: 'feature-knows-no-shell',
      comment:
        'Features stand on frontend/src/shared (session, hub, page routing, lazy pages, page title, route tree); the shell (frontend/src/app) composes them and none imports it.',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'shell-through-feature-index',
      comment:
        "The shell uses a feature only through its public files: index.ts (what other features use too), pages.ts (its pages by route key, each loaded when first shown: app/pageRegistry.tsx, app/router.tsx) shell.ts (what the layout places: the top bar's bells, the avatar menu's entries and dialogs) and pushes.ts (what the hub's pushes update, for app/HubEvents.tsx). The last three are kept apart from index.ts so that the features importing an index load neither the page table nor the shell's pieces, and so that the hub's events, loaded beside the layout rather than in it, load none of the index's lazy dialogs: either made the bundler split the layout's chunk and the first screens heavier.",
      severity: 'error',
      from: { path: '^frontend/src/app/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/[^/]+/(index\\.tsx?|pages\\.ts|shell\\.ts|pushes\\.ts)$' },
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
      comment:
        'Modules that import each other cannot be understood, tested or moved one at a time; a type-only import is an import too (it hid shared/api ↔ shared/request).',
      severity: 'error',
      from: {},
      to: { circular: true },
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
