import { API_ERRORS, type ApiErrorCode, type Language } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { i18n } from '../../i18n';

const errorOf = (code: ApiErrorCode, params = {}) =>
  new ApiError(API_ERRORS[code], code, 'Server text.', [], undefined, params);
const wording = (language: Language, error: unknown) => getErrorMessage(i18n.getFixedT(language), error);

/** The codes the account, industry, partner, corporate and category forms answer with, as each language words them. */
const CODES: [ApiErrorCode, { en: string; hi: string }][] = [
  [
    'STALE_VERSION',
    {
      en: 'This record was changed by someone else. Reload to see the latest version.',
      hi: 'इस रिकॉर्ड को किसी और ने बदल दिया है। नवीनतम संस्करण देखने के लिए फिर से लोड करें।',
    },
  ],
  ['CATEGORY_EXISTS', { en: 'Category already exists.', hi: 'श्रेणी पहले से मौजूद है।' }],
  [
    'CORPORATE_EXISTS',
    { en: 'A corporate with this name already exists.', hi: 'इस नाम का कॉर्पोरेट पहले से मौजूद है।' },
  ],
  [
    'PARTNER_CHANGE_REFUSED',
    { en: 'This industry cannot move to that partner.', hi: 'यह उद्योग उस पार्टनर के पास नहीं जा सकता।' },
  ],
  [
    'PLATFORM_ACCOUNT_LOCKED',
    {
      en: 'The status of the platform account cannot be changed.',
      hi: 'प्लेटफ़ॉर्म खाते की स्थिति बदली नहीं जा सकती।',
    },
  ],
  ['PAYLOAD_TOO_LARGE', { en: 'The file or request is too large.', hi: 'फ़ाइल या अनुरोध बहुत बड़ा है।' }],
  [
    'UNSUPPORTED_MEDIA_TYPE',
    { en: 'This type of file is not accepted.', hi: 'इस प्रकार की फ़ाइल स्वीकार नहीं की जाती।' },
  ],
  [
    'NO_RECIPIENTS',
    {
      en: 'There is no one to send the approval report to.',
      hi: 'अनुमोदन रिपोर्ट भेजने के लिए कोई प्राप्तकर्ता नहीं है।',
    },
  ],
  [
    'NOT_FOUND',
    {
      en: 'This record does not exist or you may not see it.',
      hi: 'यह रिकॉर्ड मौजूद नहीं है या आप इसे नहीं देख सकते।',
    },
  ],
];

describe('error wording of the account screens', () => {
  it.each(CODES)('words %s by its code in English and Hindi, never with the server text', (code, words) => {
    expect(wording('en', errorOf(code))).toBe(words.en);
    expect(wording('hi', errorOf(code))).toBe(words.hi);
  });

  it('words why an industry cannot move to a partner, by the reason code', () => {
    const en = i18n.getFixedT('en');
    const hi = i18n.getFixedT('hi');
    expect(en('tenants.migrateDialog.reasons.samePartner')).toBe(
      'The industry already belongs to this partner.',
    );
    expect(hi('tenants.migrateDialog.reasons.samePartner')).toBe('उद्योग पहले से इसी साझेदार का है।');
    expect(hi('tenants.migrateDialog.reasons.notAnEnabledPartner')).toBe(
      'चुना गया साझेदार सक्रिय साझेदार नहीं है।',
    );
    expect(hi('tenants.migrateDialog.reasons.notATenant')).toBe(
      'केवल किसी उद्योग को दूसरे साझेदार के पास ले जाया जा सकता है।',
    );
  });

  it('words a refused logo in both languages', () => {
    expect(i18n.getFixedT('en')('tenants.form.logoSize', { size: 512 })).toBe(
      'The logo must be at most 512 KB',
    );
    expect(i18n.getFixedT('hi')('tenants.form.logoSize', { size: 512 })).toBe(
      'लोगो अधिकतम 512 KB का होना चाहिए',
    );
    expect(i18n.getFixedT('hi')('tenants.form.logoType')).toBe('लोगो PNG, JPEG या WebP छवि होना चाहिए');
  });
});
