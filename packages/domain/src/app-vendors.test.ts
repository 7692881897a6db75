import { describe, expect, it } from 'vitest';
import {
  APP_TENANTS_PER_REQUEST,
  APP_VENDOR_MESSAGES,
  appVendorCreateBodySchema,
  appVendorTenantsBodySchema,
  metaSheetFileName,
} from './app-vendors.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('appVendorCreateBodySchema', () => {
  it('trims and lower-cases the app id and trims the name', () => {
    expect(
      appVendorCreateBodySchema.parse({ appId: '  Acme-Data-Hub ', appName: '  Acme Data Hub ' }),
    ).toEqual({
      appId: 'acme-data-hub',
      appName: 'Acme Data Hub',
    });
  });

  it('takes 3 to 40 letters, digits and hyphens, starting with a letter or digit', () => {
    expect(appVendorCreateBodySchema.safeParse({ appId: 'abc', appName: 'Ab' }).success).toBe(true);
    expect(appVendorCreateBodySchema.safeParse({ appId: 'a'.repeat(40), appName: 'Ab' }).success).toBe(true);
    for (const appId of ['ab', 'a'.repeat(41)]) {
      expect(messagesOf(appVendorCreateBodySchema.safeParse({ appId, appName: 'Ab' }))).toEqual([
        `appId: ${APP_VENDOR_MESSAGES.appIdLength}`,
      ]);
    }
    for (const appId of ['-acme', 'acme hub', 'acme_hub', 'acmé']) {
      expect(messagesOf(appVendorCreateBodySchema.safeParse({ appId, appName: 'Ab' }))).toEqual([
        `appId: ${APP_VENDOR_MESSAGES.appIdPattern}`,
      ]);
    }
  });

  it('requires both fields, a name of at least 2 characters, and nothing else', () => {
    expect(messagesOf(appVendorCreateBodySchema.safeParse({ appId: '  ', appName: 'x' }))).toEqual(
      expect.arrayContaining([
        'appId: This field is required',
        `appName: ${APP_VENDOR_MESSAGES.appNameLength}`,
      ]),
    );
    expect(appVendorCreateBodySchema.safeParse({ appId: 'abc', appName: 'Ab', token: 'x' }).success).toBe(
      false,
    );
  });
});

describe('appVendorTenantsBodySchema', () => {
  it('takes 1 to 100 different industry ids, as numbers or digits', () => {
    expect(appVendorTenantsBodySchema.parse({ listOftenantIds: [3, '7'] })).toEqual({
      listOftenantIds: [3, 7],
    });
    const many = Array.from({ length: APP_TENANTS_PER_REQUEST + 1 }, (_, i) => i + 1);
    expect(messagesOf(appVendorTenantsBodySchema.safeParse({ listOftenantIds: many }))).toEqual([
      `listOftenantIds: ${APP_VENDOR_MESSAGES.tenantsTooMany}`,
    ]);
    expect(messagesOf(appVendorTenantsBodySchema.safeParse({ listOftenantIds: [] }))).toEqual([
      `listOftenantIds: ${APP_VENDOR_MESSAGES.tenantsRequired}`,
    ]);
    expect(messagesOf(appVendorTenantsBodySchema.safeParse({ listOftenantIds: [4, 4] }))).toEqual([
      `listOftenantIds: ${APP_VENDOR_MESSAGES.tenantsRepeated}`,
    ]);
    expect(appVendorTenantsBodySchema.safeParse({ listOftenantIds: [0] }).success).toBe(false);
    expect(appVendorTenantsBodySchema.safeParse({ listOftenantIds: [1.5] }).success).toBe(false);
  });
});

describe('metaSheetFileName', () => {
  it('names the file after the industry, without characters a file system refuses', () => {
    expect(metaSheetFileName('Deccan Cement Works')).toBe('Deccan Cement Works - meta sheet.csv');
    expect(metaSheetFileName('Kiln Works / Unit: 1 <North>')).toBe(
      'Kiln Works Unit 1 North - meta sheet.csv',
    );
    expect(metaSheetFileName('   ')).toBe('industry - meta sheet.csv');
    expect(metaSheetFileName('वापी एग्रो')).toBe('वापी एग्रो - meta sheet.csv');
    expect(metaSheetFileName('x'.repeat(300))).toHaveLength(80 + ' - meta sheet.csv'.length);
  });
});
