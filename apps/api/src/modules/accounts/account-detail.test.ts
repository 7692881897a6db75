import { multipart } from '../../test/multipart.js';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ACCOUNT_ID } from '@vayu/domain';
import { createIndustryCategory, makeGstin } from '../../seed/builders.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { clientFor } from './partners.test-support.js';

/**
 * The detail view shows every field an account was entered with: the detail
 * endpoint must carry each of them back, for an industry and for a partner.
 */

let t: TestContext;
let site: Awaited<ReturnType<typeof clientFor>>;
let categoryId: number;

beforeAll(async () => {
  t = await startTestApp();
  site = await clientFor(t, PLATFORM_ACCOUNT_ID, 'admin');
  categoryId = (await createIndustryCategory(t.db, `Cement ${unique()}`)).id;
});

function unique() {
  return randomBytes(4).toString('hex');
}

describe('GET /api/tenant-by-id/{id} carries back what was entered', () => {
  it('for an industry: contact, address, state, PIN, GSTIN and coordinates', async () => {
    const partner = await site.call({
      method: 'POST',
      url: '/api/partners',
      payload: { name: `Enviro ${unique()}`, contactEmail: 'desk@enviro.example', contactNo: '912026850011' },
    });
    expect(partner.statusCode).toBe(201);
    const gstin = makeGstin('MH', 'AADCD4821K');
    const created = await site.call({
      method: 'POST',
      url: '/api/create/partner',
      ...multipart({
        name: `Deccan Cement Works ${unique()}`,
        industryId: categoryId,
        partnerId: partner.json().id,
        contactEmail: 'ehs@deccancement.example',
        contactNo: '+91 98000 19962',
        address: 'Industrial Area, MIDC',
        city: 'Chandrapur',
        stateCode: 'MH',
        countryCode: 'IN',
        zip: '442401',
        gstin,
        latitude: '19.9615',
        longitude: '79.2961',
        timeZone: 'Asia/Kolkata',
      }),
    });
    expect(created.statusCode).toBe(201);

    const detail = await site.call({ method: 'GET', url: `/api/tenant-by-id/${created.json().id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      type: 'tenant',
      contactEmail: 'ehs@deccancement.example',
      contactNo: '919800019962',
      address: 'Industrial Area, MIDC',
      city: 'Chandrapur',
      stateCode: 'MH',
      stateName: 'Maharashtra',
      countryCode: 'IN',
      countryName: 'India',
      zip: '442401',
      gstin,
      latitude: 19.9615,
      longitude: 79.2961,
      timeZone: 'Asia/Kolkata',
    });
  });

  it('for a partner: what the partner form saved, and what an edit through the partner endpoint changed', async () => {
    const gstin = makeGstin('MH', 'AAECE4410B');
    const created = await site.call({
      method: 'POST',
      url: '/api/partners',
      payload: {
        name: `Enviro Analytics ${unique()}`,
        contactEmail: 'support@enviroanalytics.example',
        contactNo: '+91 20 2685 0011',
        address: 'Plot 14, Hinjewadi Phase II',
        city: 'Pune',
        stateCode: 'MH',
        countryCode: 'IN',
        zip: '411057',
        gstin,
      },
    });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json();

    const detail = await site.call({ method: 'GET', url: `/api/tenant-by-id/${id}` });
    expect(detail.json()).toMatchObject({
      type: 'partner',
      contactNo: '912026850011',
      address: 'Plot 14, Hinjewadi Phase II',
      city: 'Pune',
      stateCode: 'MH',
      stateName: 'Maharashtra',
      zip: '411057',
      gstin,
      industry: null,
      latitude: null,
      longitude: null,
    });

    const updated = await site.call({
      method: 'PUT',
      url: `/api/partners/${id}`,
      payload: {
        name: detail.json().name,
        contactEmail: 'support@enviroanalytics.example',
        contactNo: '919822011001',
        address: 'Plot 14, Hinjewadi Phase II',
        city: 'Pimpri-Chinchwad',
        stateCode: 'MH',
        countryCode: 'IN',
        zip: '411019',
        gstin,
        version,
      },
    });
    expect(updated.statusCode).toBe(200);
    const after = await site.call({ method: 'GET', url: `/api/tenant-by-id/${id}` });
    expect(after.json()).toMatchObject({
      contactNo: '919822011001',
      city: 'Pimpri-Chinchwad',
      zip: '411019',
      version: version + 1,
    });
  });
});
