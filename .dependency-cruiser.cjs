// The layer boundaries of ARCHITECTURE.md §2, checked by `npm test` (scripts/test.mjs).
// Run alone: npx depcruise apps packages e2e bench scripts --config .dependency-cruiser.cjs

const path = require('node:path');

const API = '^apps/api/src/';
const MODULES = '^apps/api/src/modules/';
const TESTS = '[.]test[.]tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Helpers under lib are the bottom layer: a lib that reached up would tie every module to the HTTP layer.
    {
      name: 'api-lib-is-the-bottom',
      severity: 'error',
      from: { path: `${API}lib/` },
      to: { path: `${API}(plugins|modules)/` },
    },
    // Repositories alone touch the database; the others may name its types (a handle passed through).
    {
      name: 'api-db-only-in-repositories',
      severity: 'error',
      from: {
        path: API,
        // src/db itself, the start that opens the pool, and tests that check rows directly.
        pathNot: [`${API}db/`, '[.]repository[.]ts$', `${API}server[.]ts$`, TESTS],
      },
      to: { path: `${API}db/(client|schema)`, dependencyTypesNot: ['type-only'] },
    },
    // A module builds SQL only in its repositories: a query elsewhere would be a database access no rule above sees.
    {
      name: 'api-sql-only-in-repositories',
      severity: 'error',
      from: { path: MODULES, pathNot: ['[.]repository[.]ts$', TESTS] },
      to: { path: '(^|/)node_modules/(drizzle-orm|pg)/', dependencyTypesNot: ['type-only'] },
    },
    // Routes -> services -> repositories: a route that read a repository would skip the rules and the checks.
    {
      name: 'api-routes-call-services',
      severity: 'error',
      from: { path: '[.]routes[.]ts$' },
      to: { path: '[.]repository[.]ts$' },
    },
    // A module reaches another's data through that module's service, which keeps its rules.
    {
      name: 'api-no-other-module-repository',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/[^/]+[.]repository[.]ts$`, pathNot: `${MODULES}$1/` },
    },
    // auth and users are the two modules most tempted to lean on each other; neither may.
    {
      name: 'api-auth-and-users-apart',
      severity: 'error',
      from: { path: `${MODULES}(auth|users)/` },
      to: { path: `${MODULES}(auth|users)/`, pathNot: `${MODULES}$1/` },
    },
    // Web features do not import each other; app/ composes them.
    {
      name: 'web-features-apart',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    // Shared web code serves every feature, so it knows none of them.
    {
      name: 'web-shared-code-knows-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(components|hooks|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    // packages/shared is used by both ends and must build without either.
    {
      name: 'shared-knows-no-app',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    // The two apps meet only in packages/shared.
    {
      name: 'apps-apart',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    // A cycle makes the load order decide what is undefined at import time.
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // An import that resolves to nothing fails at run time, not at build time, when it is dynamic.
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    // A source file nobody imports is dead code (entry points, tests and configs are imported by tools).
    {
      name: 'no-orphans',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          TESTS,
          '[.]d[.]ts$',
          '(^|/)[^/]+[.](config|setup)[.][cm]?[jt]s$',
          '^apps/api/src/server[.]ts$',
          '^apps/web/src/(main|theme-boot)[.]tsx?$',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|/migrations/' },
    tsPreCompilationDeps: true,
    // The compiler options every workspace extends (absolute: a relative name breaks `extends`).
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.base.json') },
    enhancedResolveOptions: {
      // Packages resolve through their `exports`, as Node and Vite resolve them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
    skipAnalysisNotInRules: true,
    // The web's `@/` alias lives there: see that file for why.
    webpackConfig: { fileName: path.join(__dirname, '.dependency-cruiser-resolve.cjs') },
  },
};
