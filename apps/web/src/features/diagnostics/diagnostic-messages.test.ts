import { DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { describeErrorCode } from '../../app/error-message';
import { i18n } from '../../i18n';
import { translateDiagnosticMessage } from './diagnostic-messages';

const en = i18n.getFixedT('en');
const hi = i18n.getFixedT('hi');

describe('wording of the diagnostic set-ups', () => {
  it('words an owner that already has a set-up by code, in English and Hindi', () => {
    expect(describeErrorCode(en, 'DIAGNOSTIC_MODEL_TAKEN')).toBe(
      'This analyser model already has diagnostic parameters. Edit that set-up instead.',
    );
    expect(describeErrorCode(hi, 'DIAGNOSTIC_MODEL_TAKEN')).toBe(
      'इस एनालाइज़र मॉडल के लिए डायग्नोस्टिक सेट-अप पहले से मौजूद है।',
    );
    expect(describeErrorCode(en, 'DIAGNOSTIC_TENANT_TAKEN')).toBe(
      'This industry already has diagnostic parameters. Edit that set-up instead.',
    );
    expect(describeErrorCode(hi, 'DIAGNOSTIC_TENANT_TAKEN')).toBe(
      'इस उद्योग के लिए डायग्नोस्टिक सेट-अप पहले से मौजूद है।',
    );
  });

  it('translates the form’s own schema messages', () => {
    expect(translateDiagnosticMessage(hi, DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE)).not.toBe(
      DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE,
    );
    expect(translateDiagnosticMessage(en, DIAGNOSTIC_PARAMS_REQUIRED_MESSAGE)).toBe(
      'Choose at least one parameter.',
    );
  });
});
