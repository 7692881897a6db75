import { phoneField, userPhoneField } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import {
  countryOfPhone,
  formatNationalPhone,
  formatPhoneNumber,
  nationalPartOf,
  phoneCountryOptions,
  readTypedPhone,
  toStoredPhone,
} from './phone-number';

describe('formatPhoneNumber', () => {
  it('shows a stored Indian number with its country code, grouped for India', () => {
    expect(formatPhoneNumber('919800019962')).toBe('+91 98000 19962');
    expect(formatPhoneNumber('912026850011')).toBe('+91 20 2685 0011');
  });

  it('shows numbers of other countries in their own grouping', () => {
    expect(formatPhoneNumber('12025550123')).toBe('+1 202 555 0123');
    expect(formatPhoneNumber('442079460958')).toBe('+44 20 7946 0958');
  });

  it('reads ten digits without a country code as an Indian number', () => {
    expect(formatPhoneNumber('9876501234')).toBe('+91 98765 01234');
  });

  it('says nothing for an empty number and keeps an unreadable one as it is', () => {
    expect(formatPhoneNumber(null)).toBeNull();
    expect(formatPhoneNumber('')).toBeNull();
    expect(formatPhoneNumber('0000')).toBe('+0000');
  });
});

describe('stored numbers and their country', () => {
  it('finds the country of a stored number, keeping the chosen one when its code fits', () => {
    expect(countryOfPhone('919800019962')).toBe('IN');
    expect(countryOfPhone('12025550123', 'IN')).toBe('US');
    expect(countryOfPhone('16135550123', 'CA')).toBe('CA');
    expect(countryOfPhone('', 'JP')).toBe('JP');
    // An incomplete number goes by its calling code.
    expect(countryOfPhone('97150', 'IN')).toBe('AE');
  });

  it('splits off the calling code and puts it back', () => {
    expect(nationalPartOf('919800019962', 'IN')).toBe('9800019962');
    expect(toStoredPhone('IN', '98000 19962')).toBe('919800019962');
    expect(toStoredPhone('IN', '')).toBe('');
    expect(formatNationalPhone('IN', '9800019962')).toBe('98000 19962');
    expect(formatNationalPhone('GB', '2079460958')).toBe('20 7946 0958');
  });
});

describe('readTypedPhone', () => {
  it('stores what is typed with the calling code, grouped as the country writes it', () => {
    expect(readTypedPhone('9800019962', 'IN')).toEqual({
      shown: '98000 19962',
      stored: '919800019962',
      country: 'IN',
    });
  });

  it('drops the trunk 0 and a typed 91 from the stored number', () => {
    expect(readTypedPhone('020 2685 0011', 'IN').stored).toBe('912026850011');
    expect(readTypedPhone('919800019962', 'IN').stored).toBe('919800019962');
  });

  it('takes the country of a number typed with +', () => {
    expect(readTypedPhone('+44 20 7946 0958', 'IN')).toEqual({
      shown: '+44 20 7946 0958',
      stored: '442079460958',
      country: 'GB',
    });
  });

  it('produces numbers the domain rules accept', () => {
    expect(phoneField.parse(readTypedPhone('98000 19962', 'IN').stored)).toBe('919800019962');
    expect(userPhoneField.parse(readTypedPhone('98765 43210', 'IN').stored)).toBe('919876543210');
    expect(phoneField.parse(readTypedPhone('(202) 555-0123', 'US').stored)).toBe('12025550123');
  });
});

describe('phoneCountryOptions', () => {
  it('lists us, in and jp first (spec §9), then the rest by name, each with its code', () => {
    const options = phoneCountryOptions('en');
    expect(options.slice(0, 3)).toEqual([
      { value: 'US', label: 'United States +1' },
      { value: 'IN', label: 'India +91' },
      { value: 'JP', label: 'Japan +81' },
    ]);
    const rest = options.slice(3).map((option) => option.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(options.length).toBeGreaterThan(200);
  });

  it('names the countries in Hindi, and offers only the given countries', () => {
    expect(phoneCountryOptions('hi', ['IN'])).toEqual([{ value: 'IN', label: 'भारत +91' }]);
  });
});
