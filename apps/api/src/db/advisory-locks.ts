/**
 * Every PostgreSQL advisory lock key the API takes, in one table, so that no two uses share a key
 * by accident. `single` keys are taken as `pg_advisory_(xact_)lock(key)`; `classes` are the first
 * key of the two-key form `(class, hashtext(value))`, a key space PostgreSQL keeps apart.
 */
export const ADVISORY_LOCKS = {
  single: {
    /** One process at a time runs the migrations (held on its own connection). */
    migrations: 725_113,
    /** Two processes starting on one empty database create one first admin. */
    firstAdmin: 725_114,
    /** The changes that could leave no active admin (deactivate, delete, demote) run one at a time. */
    adminChanges: 725_115,
    /** One process at a time sends the day's overdue rental alerts (RENTAL_ALERT). */
    rentalAlerts: 725_116,
    /**
     * A billing run of every site runs alone (taken exclusive); runs of one site each take it
     * shared, beside their site's `billingSite`: no day of hire is billed twice.
     */
    billingRuns: 725_117,
  },
  classes: {
    /** Sign-ins from one address wait for each other. */
    signInAddress: 8001,
    /** Sign-ins to one account wait for each other. */
    signInAccount: 8002,
    /**
     * One writer at a time recounts a destination's rentals' summary (taken inside
     * `material_rental_totals_recount`, migration 0064, as `(8003, location id)`).
     */
    rentalTotals: 8003,
    /** Runs billing one site wait for each other, not for the runs of other sites. */
    billingSite: 8004,
  },
} as const;
