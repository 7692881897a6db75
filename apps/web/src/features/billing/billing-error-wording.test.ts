import {
  API_ERRORS,
  BILLING_MESSAGES,
  type ApiErrorCode,
  type ErrorParams,
  type Language,
} from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { i18n } from '../../i18n';

const errorOf = (code: ApiErrorCode, params: ErrorParams = {}) =>
  new ApiError(API_ERRORS[code], code, 'Server text.', [], undefined, params);
const wording = (language: Language, error: unknown) => getErrorMessage(i18n.getFixedT(language), error);

/** The codes the billing API and the limits answer with, as each language words them. */
const CODES: [ApiErrorCode, { en: string; hi: string }][] = [
  ['PLAN_EXISTS', { en: BILLING_MESSAGES.planCodeTaken, hi: 'किसी अन्य योजना का यही कोड है।' }],
  ['ADDON_EXISTS', { en: BILLING_MESSAGES.addonUnitTaken, hi: 'इस इकाई के लिए ऐड-ऑन पहले से मौजूद है।' }],
  ['COUPON_EXISTS', { en: BILLING_MESSAGES.couponCodeTaken, hi: 'किसी अन्य कूपन का यही कोड है।' }],
  [
    'PARAMETER_LIMIT_EXHAUSTED',
    {
      en: 'You have exhausted your parameter limit. Please upgrade your subscription or contact partner.',
      hi: 'आपकी पैरामीटर सीमा समाप्त हो गई है। कृपया अपनी सदस्यता अपग्रेड करें या पार्टनर से संपर्क करें।',
    },
  ],
  [
    'CAMERA_LIMIT_EXHAUSTED',
    {
      en: 'You have exhausted your camera limit. Please upgrade your subscription or contact partner.',
      hi: 'आपकी कैमरा सीमा समाप्त हो गई है। कृपया अपनी सदस्यता अपग्रेड करें या पार्टनर से संपर्क करें।',
    },
  ],
  ['COUPON_INVALID', { en: 'This coupon cannot be used.', hi: 'यह कूपन उपयोग नहीं किया जा सकता।' }],
  ['ADDONS_BELOW_MINIMUM', { en: BILLING_MESSAGES.belowMinimum, hi: 'कम से कम न्यूनतम संख्या में ऐड-ऑन खरीदें।' }],
  [
    'SUBSCRIPTION_STATE',
    {
      en: 'The subscription cannot be changed in this way now.',
      hi: 'सदस्यता को अभी इस तरह बदला नहीं जा सकता।',
    },
  ],
  [
    'PAYMENT_STATE',
    {
      en: 'The invoice or its payment cannot be changed in this way now.',
      hi: 'इनवॉइस या उसके भुगतान को अभी इस तरह बदला नहीं जा सकता।',
    },
  ],
  [
    'SELLER_DETAILS_MISSING',
    {
      en: BILLING_MESSAGES.sellerGstinMissing,
      hi: 'इनवॉइस जारी करने से पहले प्लेटफ़ॉर्म खाते में GSTIN और राज्य होना आवश्यक है।',
    },
  ],
];

/** Sub-cases named by the error's `reason` param. */
const REASONS: [ApiErrorCode, string, { en: string; hi: string }][] = [
  ['COUPON_INVALID', 'unknown', { en: BILLING_MESSAGES.couponUnknown, hi: 'इस कोड का कोई कूपन नहीं है।' }],
  ['COUPON_INVALID', 'notValid', { en: BILLING_MESSAGES.couponNotValid, hi: 'यह कूपन आज मान्य नहीं है।' }],
  [
    'COUPON_INVALID',
    'usedUp',
    { en: BILLING_MESSAGES.couponUsedUp, hi: 'यह कूपन जितनी बार उपयोग हो सकता था, उतनी बार हो चुका है।' },
  ],
  [
    'COUPON_INVALID',
    'notYours',
    { en: BILLING_MESSAGES.couponNotYours, hi: 'यह कूपन इस खाते के लिए उपयोग नहीं किया जा सकता।' },
  ],
  [
    'COUPON_INVALID',
    'notApplied',
    { en: BILLING_MESSAGES.noCouponApplied, hi: 'इस योजना पर कोई कूपन लागू नहीं है।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'exists',
    {
      en: BILLING_MESSAGES.subscriptionExists,
      hi: 'इस उद्योग की सदस्यता पहले से है। इसके बजाय इसकी योजना बदलें।',
    },
  ],
  [
    'SUBSCRIPTION_STATE',
    'none',
    { en: BILLING_MESSAGES.noSubscription, hi: 'इस उद्योग की अभी कोई सदस्यता नहीं है।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'pendingChange',
    {
      en: BILLING_MESSAGES.pendingChange,
      hi: 'एक योजना परिवर्तन भुगतान की प्रतीक्षा में है। पहले उसके इनवॉइस पर निर्णय लें।',
    },
  ],
  [
    'SUBSCRIPTION_STATE',
    'notChangeable',
    { en: BILLING_MESSAGES.notChangeable, hi: 'रद्द या समाप्त सदस्यता का नवीनीकरण होता है, परिवर्तन नहीं।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'notRenewable',
    { en: BILLING_MESSAGES.notRenewable, hi: 'इस सदस्यता का नवीनीकरण अभी देय नहीं है।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'notCancellable',
    { en: BILLING_MESSAGES.notCancellable, hi: 'इस सदस्यता को अभी इस तरह रद्द नहीं किया जा सकता।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'nothingToChange',
    { en: BILLING_MESSAGES.nothingToChange, hi: 'कोई दूसरी योजना चुनें या ऐड-ऑन खरीदें: यह वर्तमान योजना है।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'planUnavailable',
    { en: BILLING_MESSAGES.planUnavailable, hi: 'यह योजना खरीदी नहीं जा सकती।' },
  ],
  [
    'SUBSCRIPTION_STATE',
    'notATenant',
    { en: BILLING_MESSAGES.notATenant, hi: 'सदस्यताएँ केवल उद्योगों के लिए हैं।' },
  ],
  [
    'PAYMENT_STATE',
    'invoiceDecided',
    { en: BILLING_MESSAGES.invoiceDecided, hi: 'इस इनवॉइस पर पहले ही निर्णय हो चुका है।' },
  ],
  [
    'PAYMENT_STATE',
    'paymentDecided',
    { en: BILLING_MESSAGES.paymentDecided, hi: 'इस भुगतान पर पहले ही निर्णय हो चुका है।' },
  ],
  [
    'PAYMENT_STATE',
    'paymentPending',
    { en: BILLING_MESSAGES.paymentPending, hi: 'इस इनवॉइस का एक भुगतान अनुमोदन की प्रतीक्षा में है।' },
  ],
  [
    'PAYMENT_STATE',
    'paidInFull',
    { en: BILLING_MESSAGES.invoicePaidInFull, hi: 'इस इनवॉइस पर कुछ भी देय नहीं है।' },
  ],
];

describe('error wording of subscriptions and billing', () => {
  it.each(CODES)('words %s by its code in English and Hindi, never with the server text', (code, words) => {
    expect(wording('en', errorOf(code))).toBe(words.en);
    expect(wording('hi', errorOf(code))).toBe(words.hi);
  });

  it.each(REASONS)('words %s with reason %s by the reason', (code, reason, words) => {
    expect(wording('en', errorOf(code, { reason }))).toBe(words.en);
    expect(wording('hi', errorOf(code, { reason }))).toBe(words.hi);
  });

  it('words a reason it does not know by the code alone', () => {
    expect(wording('en', errorOf('COUPON_INVALID', { reason: 'somethingNew' }))).toBe(
      'This coupon cannot be used.',
    );
    expect(wording('en', errorOf('SUBSCRIPTION_STATE', { reason: 'toString' }))).toBe(
      'The subscription cannot be changed in this way now.',
    );
    // A reason on a code without sub-cases changes nothing.
    expect(wording('en', errorOf('PLAN_EXISTS', { reason: 'usedUp' }))).toBe(BILLING_MESSAGES.planCodeTaken);
  });
});
