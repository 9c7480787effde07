// The web's `@/` alias (apps/web/tsconfig.json, vite.config.ts), for dependency-cruiser: its own
// options admit no alias, and tsconfig paths without a baseUrl it resolves from the wrong folder.
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'apps/web/src') } } };
