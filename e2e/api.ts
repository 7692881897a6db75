import { expect, type APIResponse, type Page } from '@playwright/test';

/**
 * Calls to the console's API with the browser's session, for what a test
 * expects from the server and for putting shared demo data back.
 */

/** Mutating calls must look like the console's own (CSRF rule). */
const CONSOLE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

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

/** Puts an industry back to a status, the way the console does (partner request first when enabling). */
export async function restoreTenantStatus(page: Page, tenant: TenantRow, status: 'ENABLED' | 'DISABLED') {
  const current = (await findTenant(page, tenant.name)).status;
  if (current === status) return;
  if (status === 'ENABLED') {
    await json(
      await page.request.post('/api/addPartnerRequest', {
        headers: CONSOLE_HEADERS,
        data: { tenantId: tenant.id, partnerId: tenant.partnerId },
      }),
    );
  }
  await json(
    await page.request.post(`/api/changeTenantStatus/${tenant.id}`, {
      headers: CONSOLE_HEADERS,
      data: { status },
    }),
  );
}

/** Makes `userId` the primary user of the account again (the roles of the others flip). */
export async function restorePrimaryUser(page: Page, accountId: number, userId: number) {
  const users = await fetchAccountUsers(page, accountId);
  if (users.find((user) => user.id === userId)?.isPrimary) return;
  await json(
    await page.request.post(`/api/setPrimaryUserForTenant/${userId}/${accountId}`, {
      headers: CONSOLE_HEADERS,
    }),
  );
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

interface PartnerForEdit {
  name: string;
  contactEmail: string;
  contactNo: string;
  address: string | null;
  city: string | null;
  state: string | null;
  countryCode: string;
  zip: string | null;
  gstin: string | null;
  version: number;
}

/** Puts a demo partner's city back through the partner endpoint. */
export async function restorePartnerCity(page: Page, id: number, city: string) {
  const partner = (await (await page.request.get(`/api/partners/${id}`)).json()) as PartnerForEdit;
  if (partner.city === city) return;
  const response = await page.request.put(`/api/partners/${id}`, {
    headers: CONSOLE_HEADERS,
    data: {
      name: partner.name,
      contactEmail: partner.contactEmail,
      contactNo: partner.contactNo,
      address: partner.address ?? '',
      city,
      stateCode: partner.state ?? '',
      countryCode: partner.countryCode,
      zip: partner.zip ?? '',
      gstin: partner.gstin ?? '',
      version: partner.version,
    },
  });
  expect(response.ok(), `restoring the partner answered ${response.status()}`).toBe(true);
}
