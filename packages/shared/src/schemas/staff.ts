/**
 * Staff (03 sections 2.2, 3 to 9; PRODUCT-DECISIONS.md): the people whose attendance a field
 * manager records. They are not sign-in users.
 */

export const STAFF_STATUSES = ['ACTIVE', 'INACTIVE', 'ON_LEAVE'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
