import {
  FIELD_MESSAGES,
  TIME_ZONES,
  tenantFormSchema,
  type AccountFormType,
  type AccountType,
  type TenantDetail,
} from '@vayu/domain';
import type { ParseKeys } from 'i18next';
import type { FieldPath } from 'react-hook-form';
import type { TenantFormInput } from '@vayu/domain';
import { DEFAULT_COUNTRY } from '../tenant-constants';

/** The form as typed: text until the schema parses it. */
export type FormValues = TenantFormInput;

/** The fields of the form, the ones the server may name in its field errors. */
export const FIELD_NAMES = Object.keys(tenantFormSchema.shape) as FieldPath<FormValues>[];

/** Whether the form of this type edits that account: 'partner' an industry, 'statutory' a board account. */
export function isFormFor(type: AccountFormType, accountType: AccountType): boolean {
  return type === 'partner' ? accountType === 'tenant' : accountType === 'statutory';
}

/** The label of each field, to name a refused value the form does not show. */
export const FIELD_LABEL_KEYS = {
  name: 'tenants.form.name',
  industryId: 'tenants.form.category',
  partnerId: 'tenants.form.partner',
  corporateId: 'tenants.form.corporate',
  industryCode: 'tenants.form.industryCode',
  contactEmail: 'tenants.form.contactEmail',
  contactNo: 'tenants.form.contactNo',
  address: 'tenants.form.address',
  city: 'tenants.form.city',
  stateCode: 'tenants.form.state',
  countryCode: 'tenants.form.country',
  zip: 'tenants.form.zip',
  gstin: 'tenants.form.gstin',
  latitude: 'tenants.form.latitude',
  longitude: 'tenants.form.longitude',
  timeZone: 'tenants.form.timeZone',
  isRemotePerformanceCheck: 'tenants.form.remoteCheck',
} as const satisfies Record<keyof FormValues, ParseKeys>;

/**
 * An industry (type partner) belongs to an industry category, and a new one
 * to a partner. An edit does not ask for a partner: the partner changes only
 * through the migrate-partner action (the API refuses it here), an industry
 * of the platform itself has none, and only site users see the partner choice.
 */
export function schemaFor(type: AccountFormType, isEdit = false) {
  if (type !== 'partner') return tenantFormSchema;
  return tenantFormSchema.superRefine((values, ctx) => {
    if (values.industryId === null)
      ctx.addIssue({ code: 'custom', path: ['industryId'], message: FIELD_MESSAGES.required });
    if (!isEdit && (values.partnerId === null || values.partnerId < 0))
      ctx.addIssue({ code: 'custom', path: ['partnerId'], message: FIELD_MESSAGES.required });
  });
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function emptyForm(partnerId: number | null): FormValues {
  return {
    name: '',
    industryId: '',
    partnerId: partnerId === null ? '' : String(partnerId),
    corporateId: '',
    industryCode: '',
    contactEmail: '',
    contactNo: '',
    address: '',
    city: '',
    stateCode: '',
    countryCode: DEFAULT_COUNTRY,
    zip: '',
    gstin: '',
    latitude: '',
    longitude: '',
    timeZone: 'Asia/Kolkata',
    isRemotePerformanceCheck: false,
  };
}

export function formFromTenant(tenant: TenantDetail): FormValues {
  return {
    name: tenant.name,
    industryId: text(tenant.industryId ?? tenant.industry?.id),
    partnerId: tenant.partnerId < 0 ? '' : String(tenant.partnerId),
    corporateId: text(tenant.corporate?.id),
    industryCode: text(tenant.industryCode),
    contactEmail: text(tenant.contactEmail),
    contactNo: text(tenant.contactNo),
    address: text(tenant.address),
    city: text(tenant.city),
    stateCode: text(tenant.stateCode),
    countryCode: tenant.countryCode || DEFAULT_COUNTRY,
    zip: text(tenant.zip),
    gstin: text(tenant.gstin),
    latitude: text(tenant.latitude),
    longitude: text(tenant.longitude),
    timeZone: (TIME_ZONES as readonly string[]).includes(tenant.timeZone)
      ? (tenant.timeZone as FormValues['timeZone'])
      : 'Asia/Kolkata',
    isRemotePerformanceCheck: tenant.isRemotePerformanceCheck,
  };
}
