import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, usedGroupsConfig } from './cn';

/** Every class-like word of the strings in apps/web/src (its screens' classes among them), but cn.ts's group names. */
function sourceClasses(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^cn\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
          const parts = (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/).filter(Boolean);
          if (parts.every((part) => /^[!a-z0-9:/.%_#()[\]&>*=,-]+$/.test(part))) {
            for (const part of parts) words.add(part);
          }
        }
      }
    }
  };
  walk(root);
  return [...words].sort();
}

describe('cn', () => {
  const classes = sourceClasses();
  const cut = createTailwindMerge(usedGroupsConfig);

  it('lets a given class win over the component’s own where they conflict', () => {
    expect(cn('px-4 py-3 text-left', 'px-2 text-right')).toBe('py-3 px-2 text-right');
    expect(cn('hidden', 'sm:table-cell', false, undefined)).toBe('hidden sm:table-cell');
  });

  it('knows the group of every class the screens use, as tailwind-merge’s whole map does', () => {
    expect(classes.length).toBeGreaterThan(500);
    const differing = classes.filter((c) => cut(`${c} ${c}`) !== twMerge(`${c} ${c}`));
    expect(differing).toEqual([]);
  });

  it('merges any two of those classes as tailwind-merge’s whole map does', () => {
    const differing: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (a !== b && cut(`${a} ${b}`) !== twMerge(`${a} ${b}`)) differing.push(`${a} ${b}`);
      }
    }
    expect(differing.slice(0, 20)).toEqual([]);
  });
});
