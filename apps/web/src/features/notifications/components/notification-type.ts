import { labelOf } from '@stockyard/shared';
/** NEW_MATERIAL is shown as "new material" (03 section 2.5): its words in the one label map. */
export function notificationTypeLabel(type: string): string {
  return labelOf(type);
}
