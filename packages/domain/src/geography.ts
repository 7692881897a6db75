import { z } from 'zod';

/** States and union territories of India with their GST state codes and, where named, their pollution control board. */
export const INDIAN_STATES = [
  { code: 'JK', name: 'Jammu and Kashmir', gstCode: '01', board: null },
  { code: 'HP', name: 'Himachal Pradesh', gstCode: '02', board: null },
  { code: 'PB', name: 'Punjab', gstCode: '03', board: 'PPCB' },
  { code: 'CH', name: 'Chandigarh', gstCode: '04', board: null },
  { code: 'UK', name: 'Uttarakhand', gstCode: '05', board: null },
  { code: 'HR', name: 'Haryana', gstCode: '06', board: 'HSPCB' },
  { code: 'DL', name: 'Delhi', gstCode: '07', board: 'DPCC' },
  { code: 'RJ', name: 'Rajasthan', gstCode: '08', board: 'RSPCB' },
  { code: 'UP', name: 'Uttar Pradesh', gstCode: '09', board: 'UPPCB' },
  { code: 'BR', name: 'Bihar', gstCode: '10', board: null },
  { code: 'SK', name: 'Sikkim', gstCode: '11', board: null },
  { code: 'AR', name: 'Arunachal Pradesh', gstCode: '12', board: null },
  { code: 'NL', name: 'Nagaland', gstCode: '13', board: null },
  { code: 'MN', name: 'Manipur', gstCode: '14', board: null },
  { code: 'MZ', name: 'Mizoram', gstCode: '15', board: null },
  { code: 'TR', name: 'Tripura', gstCode: '16', board: null },
  { code: 'ML', name: 'Meghalaya', gstCode: '17', board: null },
  { code: 'AS', name: 'Assam', gstCode: '18', board: null },
  { code: 'WB', name: 'West Bengal', gstCode: '19', board: 'WBPCB' },
  { code: 'JH', name: 'Jharkhand', gstCode: '20', board: null },
  { code: 'OD', name: 'Odisha', gstCode: '21', board: 'OSPCB' },
  { code: 'CG', name: 'Chhattisgarh', gstCode: '22', board: null },
  { code: 'MP', name: 'Madhya Pradesh', gstCode: '23', board: null },
  { code: 'GJ', name: 'Gujarat', gstCode: '24', board: 'GPCB' },
  { code: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', board: null },
  { code: 'MH', name: 'Maharashtra', gstCode: '27', board: 'MPCB' },
  { code: 'KA', name: 'Karnataka', gstCode: '29', board: 'KSPCB' },
  { code: 'GA', name: 'Goa', gstCode: '30', board: null },
  { code: 'LD', name: 'Lakshadweep', gstCode: '31', board: null },
  { code: 'KL', name: 'Kerala', gstCode: '32', board: null },
  { code: 'TN', name: 'Tamil Nadu', gstCode: '33', board: 'TNPCB' },
  { code: 'PY', name: 'Puducherry', gstCode: '34', board: null },
  { code: 'AN', name: 'Andaman and Nicobar Islands', gstCode: '35', board: null },
  { code: 'TS', name: 'Telangana', gstCode: '36', board: 'TSPCB' },
  { code: 'AP', name: 'Andhra Pradesh', gstCode: '37', board: 'APPCB' },
  { code: 'LA', name: 'Ladakh', gstCode: '38', board: null },
] as const;

export type IndianStateCode = (typeof INDIAN_STATES)[number]['code'];

export function findIndianState(code: string) {
  return INDIAN_STATES.find((s) => s.code === code.toUpperCase());
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN from its first 14 characters (mod-36 Luhn variant). */
export function computeGstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
export function isValidGstin(value: string): boolean {
  const gstin = value.toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) return false;
  if (!INDIAN_STATES.some((s) => s.gstCode === gstin.slice(0, 2)) && gstin.slice(0, 2) !== '97') return false;
  return computeGstinCheckChar(gstin.slice(0, 14)) === gstin[14];
}

export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidGstin, 'Enter a valid 15-character GSTIN');
