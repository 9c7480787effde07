import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table is written (insert, update, delete) from one module directory only (issue 53.1,
 * decision 060): a rule a module adds to its table then holds for every write, imports included.
 * The test reads the API's source (tests excluded) for drizzle writes (`.insert(table)`,
 * `.update(table)`, `.delete(table)`) and raw SQL (`insert into x`, `update x … set`,
 * `delete from x`, with the name spelled or interpolated as `${table}`). No table is excepted:
 * another module writes through the owner's service (`users` through users-account.service,
 * `sessions` through the sessions module, a removed location's materials through the materials
 * module).
 */

const SRC = join(__dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** drizzle object name → SQL table name, read from the schema files. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(join(SRC, 'db', 'schema'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([a-z0-9_]+)'/g)) {
      tables.set(m[1] as string, m[2] as string);
    }
  }
  return tables;
}

/** The directory a file's writes belong to: `modules/<name>`, else its top folder (`lib`, `db`). */
function ownerOf(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : (parts[0] as string);
}

/** Strips comments so prose mentioning "update the invoice" is not read as SQL. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function writers(): Map<string, Map<string, string[]>> {
  const tables = schemaTables();
  const sqlNames = new Set(tables.values());
  const found = new Map<string, Map<string, string[]>>();
  const note = (table: string, file: string, how: string) => {
    const byOwner = found.get(table) ?? new Map<string, string[]>();
    const owner = ownerOf(file);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), `${relative(SRC, file)} (${how})`]);
    found.set(table, byOwner);
  };
  const nameOf = (raw: string): string | undefined => {
    const interpolated = /^\$\{\s*(\w+)\s*\}$/.exec(raw);
    if (interpolated) return tables.get(interpolated[1] as string);
    const bare = raw.replace(/"/g, '').toLowerCase();
    return sqlNames.has(bare) ? bare : undefined;
  };
  for (const file of sourceFiles(SRC)) {
    if (file.includes(`${join('db', 'schema')}`)) continue;
    const text = code(readFileSync(file, 'utf8'));
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = tables.get(m[2] as string);
      if (table) note(table, file, `${m[1]}(${m[2]})`);
    }
    const raw = [
      /\binsert\s+into\s+("?\w+"?|\$\{\s*\w+\s*\})/gi,
      /\bupdate\s+("?\w+"?|\$\{\s*\w+\s*\})(?:\s+(?:as\s+)?\w+)?\s+set\b/gi,
      /\bdelete\s+from\s+("?\w+"?|\$\{\s*\w+\s*\})/gi,
    ];
    for (const pattern of raw) {
      for (const m of text.matchAll(pattern)) {
        const table = nameOf(m[1] as string);
        if (table) note(table, file, (m[0] as string).replace(/\s+/g, ' '));
      }
    }
  }
  return found;
}

describe('one writer per table', () => {
  const found = writers();

  it('finds the writes it looks for (the scan is not blind)', () => {
    expect(found.get('invoices')?.size ?? 0).toBeGreaterThan(0);
    expect(found.get('stock_movements')?.size ?? 0).toBeGreaterThan(0);
    expect(found.get('document_counters')?.size ?? 0).toBeGreaterThan(0);
  });

  it('writes each table from one module directory', () => {
    const offenders: string[] = [];
    for (const [table, byOwner] of found) {
      if (byOwner.size > 1) {
        offenders.push(
          `${table}: ${[...byOwner.entries()].map(([o, w]) => `${o} → ${w.join(', ')}`).join(' | ')}`,
        );
      }
    }
    expect(offenders).toEqual([]);
  });
});
