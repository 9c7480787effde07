// The layer boundaries of ARCHITECTURE.md §2, checked by `npm test` (scripts/test.mjs).
// Run alone: npx depcruise apps packages e2e bench scripts --config .dependency-cruiser.cjs

const path = require('node:path');

const API = '^apps/api/src/';
const MODULES = '^apps/api/src/modules/';
const TESTS = '[.]test[.]tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // The layers of apps/api/src, bottom to top (decision 061): config.ts and db/ (the environment,
    // the schema, the pool); lib/ (plumbing that knows no record: transactions, pages, sheets);
    // context.ts (what a request's work is handed); modules/ (the features); plugins/ (the HTTP
    // layer around them); app.ts and server.ts. An import may go down or sideways, never up: a
    // lower layer that named a higher one would tie it to everything above. Tests drive the whole
    // app and may import any layer.
    {
      name: 'api-layers-db-and-config-at-the-bottom',
      severity: 'error',
      from: { path: `${API}(db/|config[.]ts$)`, pathNot: TESTS },
      to: { path: `${API}(lib/|context[.]ts$|modules/|plugins/|app[.]ts$|server[.]ts$)` },
    },
    {
      name: 'api-layers-lib-below-context',
      severity: 'error',
      from: { path: `${API}lib/`, pathNot: TESTS },
      to: { path: `${API}(context[.]ts$|modules/|plugins/|app[.]ts$|server[.]ts$)` },
    },
    {
      name: 'api-layers-context-below-modules',
      severity: 'error',
      from: { path: `${API}context[.]ts$` },
      to: { path: `${API}(modules/|plugins/|app[.]ts$|server[.]ts$)` },
    },
    {
      name: 'api-layers-modules-below-plugins',
      severity: 'error',
      from: { path: MODULES, pathNot: TESTS },
      to: { path: `${API}(plugins/|app[.]ts$|server[.]ts$)` },
    },
    {
      name: 'api-layers-plugins-below-the-app',
      severity: 'error',
      from: { path: `${API}plugins/`, pathNot: TESTS },
      to: { path: `${API}(app|server)[.]ts$` },
    },
    {
      name: 'api-layers-app-below-server',
      severity: 'error',
      from: { path: `${API}app[.]ts$` },
      to: { path: `${API}server[.]ts$` },
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
    // auth and users are the two modules most tempted to lean on each other. users (the accounts)
    // knows nothing of auth; auth stamps a sign-in on the account only through users' account
    // service, the one writer of `users` (decision 060), and reaches no other file of users.
    {
      name: 'api-users-knows-no-auth',
      severity: 'error',
      from: { path: `${MODULES}users/` },
      to: { path: `${MODULES}auth/` },
    },
    {
      name: 'api-auth-reaches-users-only-through-its-account-service',
      severity: 'error',
      from: { path: `${MODULES}auth/` },
      to: { path: `${MODULES}users/`, pathNot: `${MODULES}users/users-account[.]service[.]ts$` },
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
    // .tmp holds the checks' own builds and data (the cluster check's copy of the API).
    exclude: { path: '(^|/)(dist|[.]tmp)/|/migrations/' },
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
