import { ALERT_MESSAGES } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  alertMessage,
  alertSubject,
  badgeCountText,
  badgeLabel,
  formatAlertValue,
  limitRefusal,
} from './alert-text';

const en = i18n.getFixedT('en');
const hi = i18n.getFixedT('hi');

describe('the header’s alerts button', () => {
  it('shows the number of open alerts and says it in its name', () => {
    expect(badgeCountText({ total: 3, totalKind: 'exact' })).toBe('3');
    expect(badgeLabel(en, { total: 3, totalKind: 'exact' })).toBe('3 open alerts');
    expect(badgeLabel(en, { total: 1, totalKind: 'exact' })).toBe('1 open alert');
    expect(badgeLabel(hi, { total: 3, totalKind: 'exact' })).toBe('3 खुले अलर्ट');
  });

  it('is a plain bell when no alert is open, or while the count is not known', () => {
    expect(badgeCountText({ total: 0, totalKind: 'exact' })).toBeNull();
    expect(badgeLabel(en, { total: 0, totalKind: 'exact' })).toBe('Alerts: none open');
    expect(badgeCountText(undefined)).toBeNull();
    expect(badgeLabel(en, undefined)).toBe('Alerts');
  });

  it('shows "99+" past 99, or when the server counted no further, and its name holds what it shows', () => {
    expect(badgeCountText({ total: 99, totalKind: 'exact' })).toBe('99');
    expect(badgeCountText({ total: 100, totalKind: 'exact' })).toBe('99+');
    expect(badgeLabel(en, { total: 100, totalKind: 'exact' })).toBe('More than 99 open alerts');
    expect(badgeCountText({ total: 1001, totalKind: 'atLeast' })).toBe('99+');
    expect(badgeCountText({ total: 40, totalKind: 'atLeast' })).toBe('99+');
  });
});

describe('alert wording', () => {
  it('names what an alert is about: the parameter at its device, or the silent device', () => {
    expect(alertSubject(en, { parameterLabel: 'SO2', deviceName: 'Kiln Gas Analyser' })).toBe(
      'SO2 at Kiln Gas Analyser',
    );
    expect(alertSubject(en, { parameterLabel: null, deviceName: 'Kiln Gas Analyser' })).toBe(
      'Kiln Gas Analyser',
    );
  });

  it('writes values with their unit as people read it, in the Indian grouping', () => {
    expect(formatAlertValue(1250.5, 'mg/Nm3')).toBe('1,250.5 mg/Nm³');
    expect(formatAlertValue(123456, 'ug/m3')).toBe('1,23,456 µg/m³');
    expect(formatAlertValue(8.7, null)).toBe('8.7');
  });

  it('words the domain’s rules in the user’s language and leaves other texts as they are', () => {
    expect(alertMessage(en, ALERT_MESSAGES.aboveStandard)).toBe(ALERT_MESSAGES.aboveStandard);
    expect(alertMessage(hi, ALERT_MESSAGES.aboveStandard)).toBe('सीमा बोर्ड द्वारा तय मानक से ऊपर नहीं हो सकती।');
    expect(alertMessage(hi, ALERT_MESSAGES.alreadyAcknowledged)).toBe('यह अलर्ट पहले ही स्वीकार किया जा चुका है।');
    expect(alertMessage(hi, ALERT_MESSAGES.limitPositive)).toBe('सीमा 0 से ऊपर होनी चाहिए');
    expect(alertMessage(hi, 'Something else.')).toBe('Something else.');
  });

  it('words the server’s refusal of a limit by its field code, not its text', () => {
    expect(limitRefusal(hi, 'FIELD_RULE')).toBe('सीमा बोर्ड द्वारा तय मानक से ऊपर नहीं हो सकती।');
    expect(limitRefusal(en, 'FIELD_REQUIRED')).toBe(ALERT_MESSAGES.noStandard);
    expect(limitRefusal(en, 'FIELD_INVALID')).toBeNull();
  });
});
