// The licence check of `npm test`: every package the product ships (the runtime dependencies of the
// workspaces, the web bundle's included) must be under a permissive licence. It prints the packages
// that are not and exits non-zero when there is one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import parse from 'spdx-expression-parse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Licences that let a company run and change Stockyard for its own staff without conditions on it. */
const PERMISSIVE = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'PostgreSQL',
  'Zlib',
  'Unlicense',
  // Pictures and data under attribution (emoji and avatar designs, browser tables): no condition on
  // the code that uses them.
  'CC-BY-4.0',
  'CC0-1.0',
  // Fonts (the Noto fonts the server's PDFs embed): the SIL Open Font Licence lets them be used,
  // embedded and shipped with any program; its conditions bind only the fonts themselves.
  'OFL-1.1',
]);

/**
 * Packages whose package.json does not name their licence in SPDX, with the licence their own
 * LICENSE or README gives and why it is fine.
 */
const KNOWN = {
  // exceljs -> unzipper -> binary: "MIT/X11" in package.json, the MIT licence in its README.
  chainsaw: 'MIT',
  // exceljs -> unzipper -> binary -> buffers: no licence field; its README says MIT/X11.
  buffers: 'MIT',
  // socket.io-client -> engine.io-client: the old npm `licenses` array, naming MIT.
  'xmlhttprequest-ssl': 'MIT',
  // pdfkit -> png-js: no licence field; its LICENSE file is the MIT licence (Devon Govett).
  'png-js': 'MIT',
};

/** Whether an SPDX expression is permissive: every licence of an AND, any one of an OR. */
function permissive(expression) {
  const allowed = (node) => {
    if (node.license) return PERMISSIVE.has(node.license);
    if (node.conjunction === 'or') return allowed(node.left) || allowed(node.right);
    return allowed(node.left) && allowed(node.right);
  };
  try {
    return allowed(parse(expression));
  } catch {
    return false;
  }
}

function runtimePackages() {
  let out;
  try {
    out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 26,
    });
  } catch (error) {
    // npm ls exits non-zero on a peer-dependency remark; its list is still whole.
    out = error.stdout ?? '';
  }
  const dirs = [...new Set(out.split('\n').filter((line) => line.includes('node_modules')))];
  if (dirs.length === 0) throw new Error('npm ls listed no runtime package: run npm ci first');
  return dirs.map((dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
}

const refused = [];
// The workspaces themselves are ours (private, never published).
const packages = runtimePackages().filter((pkg) => !pkg.private);
for (const pkg of packages) {
  const licence = KNOWN[pkg.name] ?? (typeof pkg.license === 'string' ? pkg.license : '');
  if (!permissive(licence)) refused.push(`${pkg.name}@${pkg.version} (${licence || 'none named'})`);
}

if (refused.length > 0) {
  console.error(`Runtime dependencies under a licence that is not on the permissive list:`);
  for (const line of refused) console.error(`  ${line}`);
  console.error('Replace them, or add the licence to scripts/licences.mjs with the reason.');
  process.exit(1);
}
console.log(`${packages.length} runtime packages, every licence permissive.`);
