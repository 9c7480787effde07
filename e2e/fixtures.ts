import fs from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type LoginResponse, type Permissions, TEXT_MESSAGES } from '@stockyard/shared';
import pg from 'pg';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './playwright.config';

export { expect };

export type Account = { email: string; password: string };
export const admin: Account = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

let counter = 0;
/** A name no other test or run uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${counter}`;
}

export async function apiLogin(
  request: APIRequestContext,
  account: Account,
): Promise<LoginResponse> {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginResponse;
}

/** Signs in through the API and puts the session where the app keeps it. */
export async function signIn(page: Page, account: Account): Promise<LoginResponse> {
  const session = await apiLogin(page.request, account);
  await page.addInitScript(({ token, user }) => {
    // Once per tab: later navigations must see what the app itself did with the session.
    if (!sessionStorage.getItem('e2e-signed-in')) {
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }
  }, session);
  return session;
}

/** Calls the API as an account; answers the parsed JSON and fails the test on an error status. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    data: data as object,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Runs one statement on the served app's database, the embedded PostgreSQL in E2E_DATA_DIR, for
 * records that no API call makes (mail the outbox gave up on): its password and port are the ones
 * the server wrote there.
 */
export async function database<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const postmaster = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(postmaster.split('\n')[3]);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'stockyard',
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The company's legal details an invoice needs before it is finalized, given when
 * the profile has none: its name and address are kept when saved.
 */
export async function readyToIssue(request: APIRequestContext, token: string) {
  const current = await apiCall<{ data: Record<string, string | null> }>(
    request,
    token,
    'GET',
    '/api/users/company',
  );
  if (current.data.iban) return;
  await apiCall(request, token, 'PUT', '/api/users/company', {
    companyName: current.data.companyName || 'Harbour Scaffolding Ltd',
    email: current.data.email || 'office@harbour-scaffolding.example',
    phone: current.data.phone || '+441482000000',
    address: current.data.address || '1 Wharf Street',
    postcode: 'HU1 1AA',
    city: 'Hull',
    countryCode: 'GB',
    vatId: 'GB123456789',
    taxNumber: '',
    registerEntry: 'Company number 01234567',
    iban: 'GB82WEST12345698765432',
    bic: 'WESTGB2L',
  });
}

export type Seed = {
  location: (
    overrides?: Partial<{
      name: string;
      address: string;
      type: string;
      status: string;
      customerName: string;
      customerAddress: string;
      customerEmail: string;
      customerVatId: string;
      customerZeroRated: boolean;
      customerCountryCode: string;
    }>,
  ) => Promise<{ id: number; name: string }>;
  fieldManager: (
    locationId: number,
    permissions?: Partial<Permissions>,
  ) => Promise<Account & { id: number; name: string }>;
};

/** Seeds data through the API as the first admin. */
/** How the API begins its refusal of a query parameter a route does not declare. */
const UNKNOWN_QUERY = TEXT_MESSAGES.unknownQueryParameter('');

export const test = base.extend<{ seed: Seed }>({
  // Every page of every test: the web app never sends a query parameter the API does not declare.
  page: async ({ page }, use) => {
    const reads: Promise<string | null>[] = [];
    page.on('response', (response) => {
      if (response.status() !== 400 || !new URL(response.url()).pathname.startsWith('/api/')) {
        return;
      }
      reads.push(
        response
          .json()
          .then((body: { message?: unknown }) =>
            typeof body.message === 'string' && body.message.startsWith(UNKNOWN_QUERY)
              ? `${response.url()}: ${body.message}`
              : null,
          )
          .catch(() => null),
      );
    });
    await use(page);
    const refused = (await Promise.all(reads)).filter((line) => line !== null);
    expect(refused, 'query parameters the API does not declare').toEqual([]);
  },
  seed: async ({ request }, use) => {
    const { token } = await apiLogin(request, admin);
    await use({
      location: async (overrides = {}) => {
        const body = await apiCall<{ data: { id: number; name: string } }>(
          request,
          token,
          'POST',
          '/api/locations/create',
          {
            name: unique('Yard'),
            address: '12 Quarry Road, Leeds',
            type: 'BMR_YARD',
            status: 'ACTIVE',
            ...overrides,
          },
        );
        return body.data;
      },
      fieldManager: async (locationId, permissions) => {
        const email = `${unique('fm').replaceAll(' ', '.').toLowerCase()}@example.com`;
        const password = 'Field-Pass-1';
        const name = unique('Field Manager');
        const body = await apiCall<{ data: { id: number } }>(
          request,
          token,
          'POST',
          '/api/users/register',
          {
            name,
            email,
            role: 'USER',
            locationId,
            password,
            ...(permissions ? { permissions } : {}),
          },
        );
        return { id: body.data.id, email, password, name };
      },
    });
  },
});
