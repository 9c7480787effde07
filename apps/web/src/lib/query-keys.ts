/**
 * The first word of every query key of a kind of record: each feature's key
 * factory starts from it, and a key read or invalidated outside its feature (a shared picker, a
 * write that changes another feature's records) is named from it too, never spelled again, so
 * that invalidating a root reaches every list, detail and option list under it.
 */
export const queryRoots = {
  activity: ['activity-logs'],
  attendance: ['attendance'],
  billingSettings: ['billing-settings'],
  catalogue: ['catalogue'],
  companyProfile: ['company-profile'],
  dashboard: ['dashboard'],
  invoices: ['invoices'],
  locations: ['locations'],
  materials: ['materials'],
  onHire: ['on-hire'],
  rentalRequests: ['rental-requests'],
  rentals: ['material-rentals'],
  staff: ['staff'],
  users: ['users'],
  workRates: ['work-rates'],
} as const;
