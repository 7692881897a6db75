import { checkDerivedParameterExpressions, checkDerivedSeriesNames } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { describeErrorCode } from '../../app/error-message';
import { i18n } from '../../i18n';
import { describeDerivedIssue } from './derived-parameter-messages';

const en = i18n.getFixedT('en');
const hi = i18n.getFixedT('hi');

describe('wording of the derived parameter rules', () => {
  it('words each rule from its values in English and Hindi, never from the message', () => {
    const [unknown] = checkDerivedParameterExpressions(
      {
        derivedStdParamList: [
          { derivedParamLabel: 'A', derivedExpressionProperties: [{ expressionParam: 'so3' }] },
        ],
      },
      ['so2'],
      {},
    );
    expect(describeDerivedIssue(en, unknown!)).toBe("Unknown parameter 'so3'.");
    expect(describeDerivedIssue(hi, unknown!)).toBe("अज्ञात पैरामीटर 'so3'।");

    const [taken] = checkDerivedSeriesNames(
      { derivedStdParamList: [{ derivedParamLabel: 'NOx Rate' }] },
      [],
      [{ name: 'nox_rate', derivedParameterLabel: 'NOx Mass Emission' }],
    );
    expect(describeDerivedIssue(en, taken!)).toBe(
      'The series name "nox_rate" is already used by the derived parameter "NOx Mass Emission".',
    );
    expect(describeDerivedIssue(hi, taken!)).toBe(
      'श्रृंखला नाम "nox_rate" पहले से व्युत्पन्न पैरामीटर "NOx Mass Emission" में उपयोग हो रहा है।',
    );
  });

  it('words the refusals of the derived parameter API by code and params', () => {
    const inUse = { action: 'delete', usedBy: 'PM Index' };
    expect(describeErrorCode(en, 'DERIVED_PARAMETER_IN_USE', inUse)).toBe(
      'This derived parameter is used in an expression of the derived parameter "PM Index" and cannot be deleted.',
    );
    expect(describeErrorCode(hi, 'DERIVED_PARAMETER_IN_USE', inUse)).toBe(
      'यह व्युत्पन्न पैरामीटर, व्युत्पन्न पैरामीटर "PM Index" के एक व्यंजक में उपयोग में है और हटाया नहीं जा सकता।',
    );
    const renamed = { action: 'rename', series: 'so2_rate', usedBy: 'SO2 Load' };
    expect(describeErrorCode(hi, 'DERIVED_PARAMETER_IN_USE', renamed)).toContain('"so2_rate"');
    expect(describeErrorCode(en, 'PARAMETER_EXISTS')).toBe('Parameter already exists.');
    expect(describeErrorCode(hi, 'PARAMETER_EXISTS')).toBe('पैरामीटर पहले से मौजूद है।');
  });
});
