import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The official EN 16931 validation of CII invoices (decision 053): CEN's business rules published
 * as Schematron compiled to XSLT (ConnectingEurope/eInvoicing-EN16931, release 1.3.16,
 * cii/xslt/EN16931-CII-validation.xslt, EUPL-1.2, beside this file with its licence), run by
 * SaxonJS. The stylesheet is compiled by SaxonJS's own compiler (xslt3) into its export format once
 * per version of the file, kept under node_modules/.cache.
 */

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const XSLT = path.join(here, 'en16931', 'EN16931-CII-validation.xslt');

type SaxonJs = {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
};

let compiled: Promise<unknown> | null = null;

/** The stylesheet compiled for SaxonJS (30 s to a minute the first time on this machine). */
function stylesheet(): Promise<unknown> {
  compiled ??= (async () => {
    const source = readFileSync(XSLT);
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const cacheDir = path.resolve(here, '../../../node_modules/.cache/stockyard-en16931');
    const sef = path.join(cacheDir, `EN16931-CII-${hash}.sef.json`);
    if (!existsSync(sef)) {
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${sef}.${process.pid}.part`;
      await promisify(execFile)(
        process.execPath,
        [
          require.resolve('xslt3/xslt3.js'),
          `-xsl:${XSLT}`,
          `-export:${partial}`,
          '-nogo',
          '-relocate:on',
        ],
        { maxBuffer: 1 << 26 },
      );
      renameSync(partial, sef);
    }
    return JSON.parse(readFileSync(sef, 'utf8'));
  })();
  return compiled;
}

export type Assertion = { id: string; flag: string; text: string; location: string };

/** The failed assertions of the EN 16931 rules on a CII document (fatal and warnings). */
export async function validateCii(xml: string): Promise<Assertion[]> {
  const saxon = require('saxon-js') as SaxonJs;
  const svrl = saxon.transform(
    { stylesheetInternal: await stylesheet(), sourceText: xml, destination: 'serialized' },
    'sync',
  ).principalResult;
  const failures: Assertion[] = [];
  for (const match of svrl.matchAll(
    /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
  )) {
    const attributes = match[1]!;
    const attribute = (name: string) =>
      new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';
    failures.push({
      id: attribute('id'),
      flag: attribute('flag'),
      location: attribute('location'),
      text: (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2]!)?.[1] ?? '').trim(),
    });
  }
  // The report names every rule it fired: none fired would be no validation at all.
  if (!svrl.includes('svrl:fired-rule')) throw new Error('The EN 16931 rules fired no rule');
  return failures;
}
