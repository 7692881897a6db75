import { ENERGY_METRICS_REQUIRED_MESSAGE } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { describeErrorCode } from '../../app/error-message';
import { i18n } from '../../i18n';
import { translateEnergyMessage } from './energy-messages';

const en = i18n.getFixedT('en');
const hi = i18n.getFixedT('hi');

describe('wording of the energy catalogue', () => {
  it('words the refusals of its API by code and params, in English and Hindi', () => {
    expect(describeErrorCode(en, 'METRIC_IN_USE', { usedBy: 'Grid Energy' })).toBe(
      'This metric is used by the energy parameter "Grid Energy" and cannot be deleted.',
    );
    expect(describeErrorCode(hi, 'METRIC_IN_USE', { usedBy: 'Grid Energy' })).toBe(
      'यह मेट्रिक ऊर्जा पैरामीटर "Grid Energy" द्वारा उपयोग में है और हटाया नहीं जा सकता।',
    );
    expect(describeErrorCode(en, 'METRIC_EXISTS')).toBe('A metric with this key already exists.');
    expect(describeErrorCode(hi, 'METRIC_EXISTS')).toBe('इस कुंजी वाला मेट्रिक पहले से मौजूद है।');
    expect(describeErrorCode(hi, 'STALE_VERSION')).toContain('फिर से लोड करें');
  });

  it('translates the forms’ own schema messages', () => {
    expect(translateEnergyMessage(en, ENERGY_METRICS_REQUIRED_MESSAGE)).toBe('Choose at least one metric.');
    expect(translateEnergyMessage(hi, ENERGY_METRICS_REQUIRED_MESSAGE)).toBe('कम से कम एक मेट्रिक चुनें।');
  });
});
