import { randomBytes } from 'node:crypto';
import {
  ALL_ENDPOINTS,
  endpointKey,
  generateParameterIdentifiers,
  isAccessAllowed,
  type EndpointDefinition,
  type OwnedRecordKind,
  type Role,
  type UserType,
} from '@vayu/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { alerts, appVendors, auditLogs, cameras, edgeClients, parameters } from '../db/schema/index.js';
import { activeSubscription, billingCatalogue } from '../modules/billing/billing.test-support.js';
import { insertDataToken } from '../modules/telemetry/data-tokens.js';
import { asUser, signIn, startTestApp, type TestContext } from '../test/harness.js';
import { factories } from '../test/factories.js';
import { deviceFactories } from '../test/device-factories.js';
import { createIndustryCategory } from '../seed/builders.js';

/**
 * Every endpoint whose path names a tenant-owned record (`owned` in its
 * definition) is called by a partner, an industry and a corporate user with
 * another tenant's record: each must answer 404, never the record and never
 * a change. New endpoints join this test by declaring `owned`.
 */

let t: TestContext;
const unique = () => randomBytes(4).toString('hex');

type Caller = {
  name: string;
  userType: UserType;
  role: Role;
  call: ReturnType<typeof asUser>;
};
let callers: Caller[];
let foreign: Record<OwnedRecordKind, number>;
let fill: Record<string, string | number>;

/** A body that passes validation for each write endpoint that names an owned record, so the scope check is reached. */
const SAMPLE_BODIES: Record<string, () => unknown> = {
  updateUser: () => ({
    name: 'Renamed User',
    email: `renamed-${unique()}@test.example`,
    phone: '9876543210',
    version: 1,
  }),
  setUserStatus: () => [{ op: 'replace', att: 'status', value: 'DISABLED' }],
  changePassword: () => ({ password: 'Another#Pass123' }),
  updateDiagnosticParam: () => ({ tenantId: foreign.account, paramIds: [1], version: 1 }),
  saveAddress: () => ({ addressLine: '1 Station Road', city: 'Pune', countryCode: 'IN' }),
  saveBillingAddress: () => ({ addressLine: '1 Station Road', city: 'Pune', countryCode: 'IN' }),
  updateAccount: () => ({
    name: `Renamed Industry ${unique()}`,
    industryId: industryCategoryId,
    partnerId: -1,
    contactEmail: 'ehs@renamed.example',
    contactNo: '+91 98765 43210',
    city: 'Durg',
    stateCode: 'CG',
    countryCode: 'IN',
    timeZone: 'Asia/Kolkata',
    version: 1,
  }),
  patchAccount: () => [{ op: 'replace', att: 'city', value: 'Nagpur' }],
  patchAccountStatus: () => [{ op: 'replace', att: 'workingStatus', value: 'ON' }],
  updatePartner: () => ({
    name: `Renamed Partner ${unique()}`,
    contactEmail: 'ops@renamed.example',
    contactNo: '+91 98200 12345',
    city: 'Pune',
    stateCode: 'MH',
    countryCode: 'IN',
    version: 1,
  }),
  entityData: () => ({ dim: 'minute_15' }),
  createMonitoringPoint: () => ({ name: `Stack ${unique()}`, entityType: 'group' }),
  updateMonitoringPoint: () => ({ name: `Stack ${unique()}`, entityType: 'group', version: 1 }),
  updateDevice: () => ({
    tenantId: foreign.account,
    name: `Analyser ${unique()}`,
    serialNumber: `SN-${unique()}`,
    dataFrequency: 15,
    monitoringPointId: foreign.monitoringPoint,
    modelId: 1,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: 1, unit: 'mg/Nm3' }],
    version: 1,
  }),
  uploadDeviceDocuments: () => ({ instrumentAccuracy: '±2% of span' }),
  requestDeviceAction: () => ({ action: 'AUTO_CLEAN' }),
  recordDeviceActionResult: () => ({ result: 'DONE' }),
  createCamera: () => ({
    name: `Camera ${unique()}`,
    monitoringPointId: foreign.monitoringPoint,
    provisionId: `PRV-${unique()}`,
    authToken: `token-${unique()}`,
  }),
  updateCamera: () => ({
    name: `Camera ${unique()}`,
    monitoringPointId: foreign.monitoringPoint,
    provisionId: `PRV-${unique()}`,
    version: 1,
  }),
  addAppVendorTenants: () => ({ listOftenantIds: [foreign.account] }),
  createPullToken: () => ({
    name: 'Consultant',
    monitoringPointIds: [foreign.monitoringPoint],
    parameterIds: [1],
    historyDays: 7,
    maxRangeDays: 1,
  }),
  cancelSubscription: () => ({ action: 'AT_PERIOD_END', version: 1 }),
  rebuildDiscounts: () => ({ planCode: 'OCEMS-PRO' }),
  requestReport: () => {
    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    return {
      monitoringPointId: foreign.monitoringPoint,
      parameterIds: [1],
      from: yesterday,
      to: yesterday,
      resolution: 'DAILY',
    };
  },
};
let industryCategoryId: number;

beforeAll(async () => {
  t = await startTestApp();
  const make = factories(t.db);

  // The callers, each with a tenant of their own.
  const partner = await make.partner();
  const partnersTenant = await make.tenant({ partnerId: partner.id });
  const ownTenant = await make.tenant();
  const { corporate, account: corporateAccount } = await make.corporate();
  await make.tenant({ corporateId: corporate.id });
  const users = {
    partner: await make.user(partner.id, 'admin'),
    tenant: await make.user(ownTenant.id, 'admin'),
    corporate: await make.user(corporateAccount.id, 'admin'),
  };
  const signedIn = async (user: { email: string; password: string }) =>
    asUser(t.app, await signIn(t.app, user.email, user.password));
  callers = [
    { name: 'partner admin', userType: 'partner', role: 'admin', call: await signedIn(users.partner) },
    { name: 'industry admin', userType: 'tenant', role: 'admin', call: await signedIn(users.tenant) },
    { name: 'corporate user', userType: 'corporate', role: 'admin', call: await signedIn(users.corporate) },
  ];
  expect(partnersTenant.id).toBeGreaterThan(0);

  industryCategoryId = (await createIndustryCategory(t.db, `Cement ${unique()}`)).id;

  // Another partner's industry and what belongs to it.
  const otherPartner = await make.partner();
  const stranger = await make.tenant({ partnerId: otherPartner.id });
  const strangersUser = await make.user(stranger.id, 'admin');
  const [audit] = await t.db
    .insert(auditLogs)
    .values({ entity: 'account', entityId: String(stranger.id), action: 'UPDATE', tenantId: stranger.id })
    .returning({ id: auditLogs.id });
  const label = `Cell Temperature ${unique()}`;
  const [parameter] = await t.db
    .insert(parameters)
    .values({ ...generateParameterIdentifiers(label), label, mtype: 'general', stdUnit: 'degC' })
    .returning({ id: parameters.id });
  const site = await signedIn(await make.siteUser('admin'));
  const diagnostic = await site({
    method: 'POST',
    url: '/api/diagnosticParams',
    payload: { tenantId: stranger.id, paramIds: [parameter!.id] },
  });
  expect(diagnostic.statusCode, diagnostic.body).toBe(201);

  const point = await site({
    method: 'POST',
    url: `/api/tenants/${stranger.id}/entities`,
    payload: { name: 'Boiler Stack', entityType: 'group' },
  });
  expect(point.statusCode, point.body).toBe(201);

  const strangersDevice = await deviceFactories(t.db).device(stranger.id);
  const [strangersCamera] = await t.db
    .insert(cameras)
    .values({
      tenantId: stranger.id,
      monitoringPointId: strangersDevice.monitoringPointId,
      name: 'Stack camera',
      provisionId: `PRV-${unique()}`,
      authTokenEncrypted: 'not-a-token',
      authTokenHint: 'oken',
    })
    .returning({ id: cameras.id });

  const [strangersEdgeClient] = await t.db
    .insert(edgeClients)
    .values({ tenantId: stranger.id, email: `gateway-${unique()}@test.example`, keyAllowed: 2, keyUsed: 1 })
    .returning({ id: edgeClients.id });
  const strangersKey = await insertDataToken(
    t.db,
    { kind: 'edge', edgeClientId: strangersEdgeClient!.id },
    null,
  );

  // Another partner's push-data app.
  const [strangersApp] = await t.db
    .insert(appVendors)
    .values({ appId: `app-${unique()}`, appName: `Data Hub ${unique()}`, partnerId: otherPartner.id })
    .returning({ id: appVendors.id });

  // The stranger's subscription and its invoice.
  await billingCatalogue(t.db);
  const strangersOrder = await activeSubscription(site, stranger.id);

  // An alert of the stranger's device.
  const [strangersAlert] = await t.db
    .insert(alerts)
    .values({
      type: 'OFFLINE',
      tenantId: stranger.id,
      deviceId: strangersDevice.device.id,
      monitoringPointId: strangersDevice.monitoringPointId,
      startedAt: new Date(),
    })
    .returning({ id: alerts.id });

  foreign = {
    alert: strangersAlert!.id,
    subscription: strangersOrder.subscriptionId,
    invoice: strangersOrder.invoice.id,
    device: strangersDevice.device.id,
    camera: strangersCamera!.id,
    monitoringPoint: (point.json() as { id: number }).id,
    account: stranger.id,
    user: strangersUser.id,
    audit: audit!.id,
    diagnostic: (diagnostic.json() as { id: number }).id,
    edgeClient: strangersEdgeClient!.id,
    appVendor: strangersApp!.id,
  };
  // Other path parameters, by name: all of them point at the stranger too.
  fill = {
    id: stranger.id,
    tenantId: stranger.id,
    accountId: stranger.id,
    userId: strangersUser.id,
    partnerId: otherPartner.id,
    accountType: 'tenant',
    addressType: 'MAILING',
    type: 'partner',
    version: 1,
    fileId: 1,
    keyId: strangersKey.id,
    actionId: 1,
    tenantName: 'Industry',
  };
});

/** A valid query for endpoints that require one, so the record is looked at (and not the query refused first). */
const SAMPLE_QUERIES: Record<string, string> = {
  downloadDeviceLog: '?from=2026-01-01T00:00:00%2B05:30&to=2026-01-02T00:00:00%2B05:30',
};

function urlOf(endpoint: EndpointDefinition): string {
  const owned = endpoint.owned!;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = name === owned.param ? foreign[owned.kind] : fill[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${endpointKey(endpoint)}`);
    return encodeURIComponent(String(value));
  });
}

const ownedEndpoints = () => ALL_ENDPOINTS.filter((endpoint) => endpoint.owned);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

describe('tenant isolation', () => {
  it('has endpoints that name tenant-owned records', () => {
    expect(ownedEndpoints().length).toBeGreaterThan(0);
  });

  it('answers 404 for another tenant’s record on every tenant-owned endpoint, for partner, industry and corporate users', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const endpoint of ownedEndpoints()) {
      const needsBody = WRITE_METHODS.has(endpoint.method) && (endpoint.body || endpoint.multipart);
      const sample = SAMPLE_BODIES[endpoint.operationId];
      const isCallable = callers.some((caller) => isAccessAllowed(endpoint.access, caller));
      if (needsBody && !sample && isCallable) {
        failures.push(`${endpointKey(endpoint)}: add a sample body (${endpoint.operationId}) to this test`);
        continue;
      }
      for (const caller of callers) {
        // The access table refuses some callers before any record is looked at (403): nothing to reveal.
        if (!isAccessAllowed(endpoint.access, caller)) continue;
        const response = await caller.call({
          method: endpoint.method,
          url: urlOf(endpoint) + (SAMPLE_QUERIES[endpoint.operationId] ?? ''),
          ...(needsBody ? { payload: sample!() as Record<string, unknown> } : {}),
        });
        checked += 1;
        if (response.statusCode !== 404) {
          failures.push(
            `${caller.name} ${endpointKey(endpoint)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
