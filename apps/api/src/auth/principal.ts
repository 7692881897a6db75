import type { AccountType, AppModule, Role, UserType } from '@vayu/domain';

/** Who is asking, resolved once per request from the session and the console's headers. */
export interface Principal {
  userId: number;
  userName: string;
  name: string;
  userType: UserType;
  role: Role;
  accountId: number;
  accountType: AccountType;
  /** The account's partner, or −1 when it has none. */
  partnerId: number;
  /** The corporate of a corporate user's account (or of the tenant the user belongs to). */
  corporateId: number | null;
  /** Tenant acted for in manage mode (`X-Tenant-Id`), checked against what the principal may manage. */
  actingTenantId: number | null;
  /** Corporate chosen with `X-Corporate-Id` by a user who may see it. */
  selectedCorporateId: number | null;
  module: AppModule;
  sessionId: number;
}

/** What a service needs to know about the request: the principal and what the audit trail records. */
export interface RequestContext {
  principal: Principal;
  requestId: string;
  ip: string;
}
