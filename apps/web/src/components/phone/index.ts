export { PhoneField, type PhoneFieldProps } from './phone-field';
export {
  DEFAULT_PHONE_COUNTRY,
  formatPhoneNumber,
  PREFERRED_PHONE_COUNTRIES,
  type PhoneCountry,
} from './phone-number';
