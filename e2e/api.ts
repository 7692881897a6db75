import { expect, type APIResponse, type Page } from '@playwright/test';

/**
 * Calls to the console's API with the browser's session: what a test expects
 * from the server, and the accounts and users a test makes for itself (tests
 * change only data of their own, never the demo data other tests read).
 */

/** Mutating calls must look like the console's own (CSRF rule). */
export const CONSOLE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

export interface TenantRow {
  id: number;
  name: string;
  status: 'ENABLED' | 'DISABLED' | 'DELETED';
  partnerId: number;
  partnerName: string | null;
}

export interface TenantPage {
  items: TenantRow[];
  page: number;
  total: number;
  pageCount: number;
}

export interface AccountUser {
  id: number;
  name: string;
  userName: string;
  role: 'admin' | 'user';
  isPrimary: boolean;
}

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** `GET url` with the page's session; the test fails unless it answers 2xx. */
export async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** `POST` or `PUT` of JSON with the page's session, as the console sends it; fails unless 2xx. */
export async function sendJson<T>(
  page: Page,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
  headers: Record<string, string> = CONSOLE_HEADERS,
): Promise<T> {
  const response = await page.request.fetch(url, { method, headers, data });
  expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** `POST url` with a JSON body (see sendJson). */
export const postJson = <T>(page: Page, url: string, data: unknown, headers?: Record<string, string>) =>
  sendJson<T>(page, 'POST', url, data, headers);

/** One page of `GET /api/tenants`, as the industries list asks for it (9 a page). */
export async function fetchTenants(
  page: Page,
  query: { page?: number; search?: string; status?: 'ENABLED' | 'DISABLED'; partnerId?: number } = {},
): Promise<TenantPage> {
  const params = new URLSearchParams({ page: String(query.page ?? 1), pageSize: '9' });
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.partnerId !== undefined) params.set('partnerId', String(query.partnerId));
  return json<TenantPage>(await page.request.get(`/api/tenants?${params.toString()}`));
}

/** The industry of that exact name (demo names are unique). */
export async function findTenant(page: Page, name: string): Promise<TenantRow> {
  const { items } = await fetchTenants(page, { search: name });
  const tenant = items.find((item) => item.name === name);
  if (!tenant) throw new Error(`no industry named ${name}`);
  return tenant;
}

export async function fetchAccountUsers(page: Page, accountId: number): Promise<AccountUser[]> {
  return json<AccountUser[]>(await page.request.get(`/api/tenant/users/${accountId}`));
}

/** Adds an industry under a partner through `POST /api/create/partner` (multipart, as the form sends it). */
export async function createIndustry(
  page: Page,
  fields: { name: string; industryId: number; partnerId: number; city: string },
): Promise<number> {
  const response = await page.request.post('/api/create/partner', {
    headers: CONSOLE_HEADERS,
    multipart: {
      name: fields.name,
      industryId: String(fields.industryId),
      partnerId: String(fields.partnerId),
      contactEmail: `plant.${Date.now()}@e2e.example`,
      contactNo: '919876543210',
      city: fields.city,
      stateCode: 'MH',
      countryCode: 'IN',
      timeZone: 'Asia/Kolkata',
    },
  });
  return (await json<{ id: number }>(response)).id;
}

export async function fetchCategories(page: Page): Promise<{ id: number; name: string }[]> {
  return json(await page.request.get('/api/industries'));
}

export async function fetchPartners(page: Page): Promise<{ id: number; name: string }[]> {
  return json(await page.request.get('/api/partners'));
}

/** A name no other test or run has used: tests make their own accounts and users. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Adds a partner through `POST /api/partners`, as the site operator's Add Partner dialog does. */
export async function createPartner(
  page: Page,
  fields: { name: string; city: string; contactNo?: string },
): Promise<number> {
  const response = await page.request.post('/api/partners', {
    headers: CONSOLE_HEADERS,
    data: {
      name: fields.name,
      contactEmail: `partner.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.example`,
      contactNo: fields.contactNo ?? '914424960033',
      city: fields.city,
      stateCode: 'TN',
      countryCode: 'IN',
    },
  });
  return (await json<{ id: number }>(response)).id;
}

/** An industry of its own for one test, in the Cement category under the demo partner Enviro Analytics. */
export async function createOwnIndustry(page: Page, prefix: string): Promise<TenantRow> {
  const enviro = (await fetchPartners(page)).find((partner) => partner.name === 'Enviro Analytics Pvt Ltd')!;
  const cement = (await fetchCategories(page)).find((category) => category.name === 'Cement')!;
  const name = uniqueName(prefix);
  const id = await createIndustry(page, {
    name,
    industryId: cement.id,
    partnerId: enviro.id,
    city: 'Nagpur',
  });
  return { id, name, status: 'ENABLED', partnerId: enviro.id, partnerName: enviro.name };
}

/** Adds a user to an account through `POST /api/users` (primary: the account's primary user, an admin). */
export async function createUser(
  page: Page,
  accountId: number,
  fields: { name: string; email: string; role?: 'admin' | 'user'; primary?: boolean },
): Promise<AccountUser> {
  const response = await page.request.post(
    `/api/users?accountId=${accountId}&primary=${fields.primary ? 'true' : 'false'}`,
    {
      headers: CONSOLE_HEADERS,
      data: { name: fields.name, email: fields.email, phone: '9876543210', role: fields.role ?? 'user' },
    },
  );
  const created = await json<{ id: number }>(response);
  return (await fetchAccountUsers(page, accountId)).find((user) => user.id === created.id)!;
}

/** Sets another user's password, as an admin of their account may (no current password asked). */
export async function setPassword(page: Page, userId: number, password: string) {
  const response = await page.request.post(`/api/users/${userId}/password/update`, {
    headers: CONSOLE_HEADERS,
    data: { password },
  });
  expect(response.status(), `setting the password answered ${response.status()}`).toBe(204);
}
