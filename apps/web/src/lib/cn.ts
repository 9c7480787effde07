import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

/**
 * The class groups of tailwind-merge that the screens' classes belong to (cn.test.ts holds this
 * list to every class in apps/web/src: a class of another group fails it). tailwind-merge's
 * first merge builds a map of every group it knows, 379 of them: about 220 ms of a throttled
 * phone's main thread inside the first table's render. With the 99 used here it builds a quarter.
 */
const USED_CLASS_GROUPS = [
  'accent',
  'align-items',
  'align-self',
  'animate',
  'aspect',
  'backdrop-blur',
  'bg-color',
  'border-color',
  'border-style',
  'border-w',
  'border-w-b',
  'border-w-r',
  'border-w-t',
  'border-w-y',
  'bottom',
  'box',
  'break',
  'caption',
  'col-start-end',
  'cursor',
  'display',
  'divide-color',
  'divide-y',
  'filter',
  'flex',
  'flex-direction',
  'flex-wrap',
  'font-family',
  'font-size',
  'font-weight',
  'fvn-spacing',
  'gap',
  'gap-x',
  'gap-y',
  'grid-cols',
  'h',
  'inset',
  'inset-x',
  'inset-y',
  'justify-content',
  'leading',
  'left',
  'line-clamp',
  'list-style-type',
  'max-h',
  'max-w',
  'mb',
  'min-h',
  'min-w',
  'ml',
  'mr',
  'mt',
  'mx',
  'my',
  'object-fit',
  'opacity',
  'outline-style',
  'outline-w',
  'overflow',
  'overflow-x',
  'overflow-y',
  'overscroll',
  'p',
  'pb',
  'pl',
  'pointer-events',
  'position',
  'pr',
  'pt',
  'px',
  'py',
  'right',
  'ring-color',
  'ring-offset-w',
  'ring-w',
  'ring-w-inset',
  'rounded',
  'select',
  'shadow',
  'shrink',
  'space-y',
  'sr',
  'text-alignment',
  'text-color',
  'text-decoration',
  'text-overflow',
  'text-transform',
  'top',
  'touch',
  'tracking',
  'transition',
  'translate-x',
  'translate-y',
  'vertical-align',
  'visibility',
  'w',
  'whitespace',
  'wrap',
  'z',
] as const;

type Config = ReturnType<typeof getDefaultConfig>;

/** tailwind-merge's default configuration, cut to the groups above and the conflicts among them. */
export function usedGroupsConfig(config: Config = getDefaultConfig()): Config {
  const used = new Set<string>(USED_CLASS_GROUPS);
  const pick = <T>(record: Record<string, T>, keep: (value: T) => T) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => used.has(group))
        .map(([group, value]) => [group, keep(value)]),
    );
  const conflicts = (groups: readonly string[]) => groups.filter((group) => used.has(group));
  return {
    ...config,
    classGroups: pick(config.classGroups, (value) => value) as Config['classGroups'],
    conflictingClassGroups: pick(
      config.conflictingClassGroups,
      conflicts,
    ) as Config['conflictingClassGroups'],
    conflictingClassGroupModifiers: pick(
      config.conflictingClassGroupModifiers,
      conflicts,
    ) as Config['conflictingClassGroupModifiers'],
  };
}

/** The trimmed configuration, once made: by prepareClassMerge's first task, or the first merge. */
let trimmed: Config | undefined;
const merge = createTailwindMerge(() => {
  trimmed ??= usedGroupsConfig();
  return trimmed;
});

/**
 * Readies tailwind-merge in two tasks of its own, its configuration (tailwind-merge's scales and
 * groups, trimmed to ours) then its class map (the first merge builds it): a signed-in visit calls
 * this once the frame has painted, so that neither is built inside the render of the page's first
 * table. Together they were one task of 15 to 28 ms at 1x, 60 to 110 on Lighthouse's phone; apart,
 * each may stay under the 50 ms a task takes before it blocks (decision 074).
 */
export function prepareClassMerge(): void {
  setTimeout(() => {
    trimmed ??= usedGroupsConfig();
    setTimeout(() => merge('p-0 p-1'), 0);
  }, 0);
}

/**
 * A component's classes with those it is given, the given ones winning where they conflict
 * (tailwind-merge). Most calls give nothing to merge (a component's own classes and no
 * `className`): those are returned as they are.
 */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  if (given.length === 0) return '';
  if (given.length === 1 && typeof given[0] === 'string') return given[0];
  return merge(clsx(inputs));
}
