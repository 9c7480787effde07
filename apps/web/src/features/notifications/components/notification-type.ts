/** NEW_MATERIAL is shown as "new material" (03 section 2.5). */
export function notificationTypeLabel(type: string): string {
  return type.replaceAll('_', ' ').toLowerCase();
}
