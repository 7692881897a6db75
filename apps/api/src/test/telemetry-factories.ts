import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { appVendors, appVendorTenants, edgeClients } from '../db/schema/index.js';
import { insertDataToken } from '../modules/telemetry/data-tokens.js';

const unique = () => randomBytes(4).toString('hex');

/**
 * Data senders for telemetry tests, inserted directly: an edge client of an
 * industry with one key, or a push-data app added to some industries, and the
 * token each sends with.
 */
export function telemetryFactories(db: Executor) {
  async function edgeKey(tenantId: number) {
    const [client] = await db
      .insert(edgeClients)
      .values({ tenantId, email: `gateway-${unique()}@plant.example`, keyAllowed: 2, keyUsed: 1 })
      .returning();
    const issued = await insertDataToken(db, { kind: 'edge', edgeClientId: client!.id }, null);
    return { client: client!, token: issued.token, tokenId: issued.id };
  }

  async function appToken(tenantIds: number[]) {
    const [app] = await db
      .insert(appVendors)
      .values({ appId: `app-${unique()}`, appName: `Data app ${unique()}` })
      .returning();
    if (tenantIds.length > 0) {
      await db
        .insert(appVendorTenants)
        .values(tenantIds.map((tenantId) => ({ appVendorId: app!.id, tenantId })));
    }
    const issued = await insertDataToken(db, { kind: 'app', appVendorId: app!.id }, null);
    return { app: app!, token: issued.token, tokenId: issued.id };
  }

  return { edgeKey, appToken };
}
