import { describe, expect, it } from 'vitest';
import { amountInWords, rupeesInWords } from './invoice-pdf.js';

describe('amounts in words', () => {
  it('writes rupees in the Indian system (crore, lakh, thousand)', () => {
    expect(rupeesInWords(70_800)).toBe('Seventy Thousand Eight Hundred');
    expect(rupeesInWords(1_23_45_678)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight',
    );
    expect(rupeesInWords(1_00_000)).toBe('One Lakh');
    expect(rupeesInWords(19)).toBe('Nineteen');
    expect(rupeesInWords(0)).toBe('Zero');
  });

  it('writes the paise after the rupees, as an invoice total reads', () => {
    expect(amountInWords(70_800_00)).toBe('Rupees Seventy Thousand Eight Hundred Only');
    expect(amountInWords(1_77_000_50)).toBe('Rupees One Lakh Seventy Seven Thousand and Fifty Paise Only');
  });
});
