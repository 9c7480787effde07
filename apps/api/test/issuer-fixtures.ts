import { eq, isNull } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { companyProfile, locations } from '../src/db/schema';

/**
 * A company whose invoices may be finalized (decision 053): every detail the law and EN 16931 ask
 * of the issuer, as an admin gives them on Settings.
 */
export const ISSUER = {
  companyName: 'Harbour Scaffolding GmbH',
  email: 'billing@harbour-scaffolding.example',
  phone: '+494012345678',
  address: 'Werftstraße 7',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
  vatId: 'DE123456789',
  taxNumber: '27/123/45678',
  registerEntry: 'HRB 12345, Amtsgericht Hamburg',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/** Saves the issuer's profile (the one row), over whatever was there. */
async function setIssuer(db: Database, values: Partial<typeof ISSUER> = {}) {
  const row = { ...ISSUER, ...values };
  await db
    .insert(companyProfile)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: companyProfile.id, set: row });
}

/** A site's customer with the structured address an e-invoice needs. */
export async function setCustomer(
  db: Database,
  locationId: number,
  values: Partial<typeof locations.$inferInsert> = {},
) {
  await db
    .update(locations)
    .set({
      customerName: 'Harbour Works Ltd',
      customerAddress: '7 Dock Street',
      customerPostcode: 'E14 5AB',
      customerCity: 'London',
      customerCountryCode: 'GB',
      ...values,
    })
    .where(eq(locations.id, locationId));
}

/**
 * What finalizing needs, where a test is about something else: the issuer's profile when none is
 * saved, and a country for every site's customer that has none.
 */
export async function readyToIssue(db: Database) {
  const [profile] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  if (!profile?.companyName) await setIssuer(db);
  else {
    // A saved profile keeps what it says; only what it leaves empty is filled in.
    const filled = Object.fromEntries(
      Object.entries(ISSUER).filter(([key]) => !profile[key as keyof typeof ISSUER]),
    );
    if (Object.keys(filled).length > 0) {
      await db.update(companyProfile).set(filled).where(eq(companyProfile.id, 1));
    }
  }
  await db
    .update(locations)
    .set({ customerCountryCode: 'DE' })
    .where(isNull(locations.customerCountryCode));
}
