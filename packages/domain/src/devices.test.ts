import { describe, expect, it } from 'vitest';
import {
  complementRatio,
  deviceBodySchema,
  deviceRuleIssues,
  fractionToRatio,
  isDeviceId,
  isNoxParameter,
  ndirTypesFor,
  ratioToFraction,
  ratiosComplement,
  serialNeedsNoSensorIds,
  type DeviceBody,
  type DeviceRuleContext,
} from './devices.js';
import { DEVICE_MESSAGES } from './area-messages.js';

const catalogue: Record<number, { name: string; label: string }> = {
  1: { name: 'so2', label: 'SO2' },
  2: { name: 'nox', label: 'NOx' },
  3: { name: 'stack_flow', label: 'Stack Flow' },
};
const context = (overrides: Partial<DeviceRuleContext> = {}): DeviceRuleContext => ({
  parameterOf: (id) => catalogue[id],
  serialShared: false,
  ...overrides,
});

const row = (parameterId: number, overrides: Partial<DeviceBody['params'][number]> = {}) => ({
  parameterId,
  enabled: true,
  unit: 'mg/Nm3',
  cpcbUnit: null,
  spcbUnit: null,
  userUnit: null,
  max: null,
  isCounter: false,
  remoteCalibrationFacility: false,
  offlineAlert: false,
  sensorId: null,
  ...overrides,
});

const body = (overrides: Partial<Parameters<typeof deviceRuleIssues>[0]> = {}) => ({
  serialNumber: 'SN-1',
  params: [row(1)],
  isNdirEnabled: false,
  noxConversion: null,
  ndirType: null,
  noRatio: null,
  no2Ratio: null,
  ...overrides,
});

const messages = (issues: ReturnType<typeof deviceRuleIssues>) =>
  issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('device rules (spec §5)', () => {
  it('passes a device with one enabled parameter and its unit', () => {
    expect(deviceRuleIssues(body(), context())).toEqual([]);
  });

  it('needs at least one enabled parameter: none, or all unchecked', () => {
    expect(messages(deviceRuleIssues(body({ params: [] }), context()))).toEqual([
      'params: Please enable at least one parameter for monitoring.',
    ]);
    expect(messages(deviceRuleIssues(body({ params: [row(1, { enabled: false })] }), context()))).toEqual([
      'params: Please enable at least one parameter for monitoring.',
    ]);
  });

  it('needs a unit for every enabled parameter, naming it; an unchecked one needs none', () => {
    expect(messages(deviceRuleIssues(body({ params: [row(1), row(3, { unit: null })] }), context()))).toEqual(
      ["params.1.unit: Please select a unit for 'Stack Flow' Parameter"],
    );
    expect(
      deviceRuleIssues(body({ params: [row(1), row(3, { unit: null, enabled: false })] }), context()),
    ).toEqual([]);
  });

  it('needs a max for a counter, and zero is a max', () => {
    expect(messages(deviceRuleIssues(body({ params: [row(3, { isCounter: true })] }), context()))).toEqual([
      "params.0.max: Please enter a max value for 'Stack Flow' Parameter",
    ]);
    expect(deviceRuleIssues(body({ params: [row(3, { isCounter: true, max: 0 })] }), context())).toEqual([]);
  });

  it('asks for sensor ids only when the serial number is shared and has no #', () => {
    const shared = context({ serialShared: true });
    expect(messages(deviceRuleIssues(body(), shared))).toEqual([
      `params.0.sensorId: ${DEVICE_MESSAGES.sensorIdRequired}`,
    ]);
    expect(deviceRuleIssues(body({ serialNumber: 'SN#1' }), shared)).toEqual([]);
    expect(deviceRuleIssues(body({ params: [row(1, { sensorId: 'CH1' })] }), shared)).toEqual([]);
    // A parameter left unchecked needs no sensor id.
    expect(
      deviceRuleIssues(body({ params: [row(1, { sensorId: 'CH1' }), row(3, { enabled: false })] }), shared),
    ).toEqual([]);
  });

  it('refuses a sensor id used twice in the device (any letter case) or taken on the server', () => {
    expect(
      messages(
        deviceRuleIssues(
          body({ params: [row(1, { sensorId: 'ch1' }), row(3, { sensorId: ' CH1 ' })] }),
          context(),
        ),
      ),
    ).toEqual([`params.1.sensorId: ${DEVICE_MESSAGES.sensorIdRepeated}`]);
    expect(
      messages(
        deviceRuleIssues(
          body({ params: [row(1, { sensorId: 'CH7' })] }),
          context({ takenSensorIds: new Set(['ch7']) }),
        ),
      ),
    ).toEqual([`params.0.sensorId: ${DEVICE_MESSAGES.sensorIdTaken}`]);
  });

  it('refuses a serial number the server forbids', () => {
    expect(messages(deviceRuleIssues(body(), context({ serialForbidden: true })))).toEqual([
      `serialNumber: ${DEVICE_MESSAGES.serialForbidden}`,
    ]);
  });

  it('asks for the NDIR type and both ratios only with NOx enabled and NDIR on', () => {
    const noxOn = body({ params: [row(2)], isNdirEnabled: true });
    expect(messages(deviceRuleIssues(noxOn, context()))).toEqual([
      'ndirType: Choose the analyser type for NOx',
      'noRatio: This field is required',
      'no2Ratio: This field is required',
    ]);
    expect(deviceRuleIssues(body({ isNdirEnabled: true }), context())).toEqual([]);
    expect(
      deviceRuleIssues(
        body({ params: [row(2, { enabled: false }), row(1)], isNdirEnabled: true }),
        context(),
      ),
    ).toEqual([]);
    expect(
      deviceRuleIssues({ ...noxOn, ndirType: 'NDIR', noRatio: 0.05, no2Ratio: 0.95 }, context()),
    ).toEqual([]);
    expect(
      messages(deviceRuleIssues({ ...noxOn, ndirType: 'NDIR', noRatio: 0.05, no2Ratio: 0.96 }, context())),
    ).toEqual(['no2Ratio: The NO and NO2 ratios must add up to 100']);
    expect(deviceRuleIssues({ ...noxOn, ndirType: 'NDIR', noRatio: 0, no2Ratio: 1 }, context())).toEqual([]);
  });
});

describe('NOx ratios and analyser types', () => {
  it('sends percentages divided by 100 and reads them back', () => {
    expect(ratioToFraction(5)).toBe(0.05);
    expect(ratioToFraction(95)).toBe(0.95);
    expect(ratioToFraction(33.33)).toBe(0.3333);
    expect(fractionToRatio(0.05)).toBe(5);
    expect(fractionToRatio(0.3333)).toBe(33.33);
  });

  it('calls two ratios complementary when they sum to 100, to the hundredth', () => {
    expect(ratiosComplement(5, 95)).toBe(true);
    expect(ratiosComplement(33.33, 66.67)).toBe(true);
    expect(ratiosComplement(5, 94.99)).toBe(false);
    expect(ratiosComplement(-5, 105)).toBe(false);
    expect(ratiosComplement(Number.NaN, 100)).toBe(false);
    expect(complementRatio(5)).toBe(95);
    expect(complementRatio(33.33)).toBe(66.67);
  });

  it('filters the analyser types by the NO or NO2 conversion', () => {
    expect(ndirTypesFor('NO').map((t) => t.value)).toEqual(['NDIR', 'CLD', 'EC-NO']);
    expect(ndirTypesFor('NO2').map((t) => t.value)).toEqual(['NDUV', 'EC-NO2']);
    expect(ndirTypesFor(null)).toHaveLength(5);
  });

  it('knows NOx by name or label, CAAQMS NOx too, and nothing else', () => {
    expect(isNoxParameter({ name: 'nox', label: 'NOx' })).toBe(true);
    expect(isNoxParameter({ name: 'caaqms_nox', label: 'CAAQMS NOx' })).toBe(true);
    expect(isNoxParameter({ name: 'no2', label: 'NO2' })).toBe(false);
    expect(isNoxParameter({ name: 'nox_as_no2', label: 'NOx as NO2' })).toBe(false);
  });
});

describe('device ids and serial numbers', () => {
  it('takes a device id as a non-negative integer without leading zeros', () => {
    expect(['0', '7', '1234567890'].map(isDeviceId)).toEqual([true, true, true]);
    expect(['01', '-1', '1.5', '', ' 1', '1e3'].map(isDeviceId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads a # anywhere in the serial number as "no sensor ids"', () => {
    expect(serialNeedsNoSensorIds('AB#12')).toBe(true);
    expect(serialNeedsNoSensorIds('#')).toBe(true);
    expect(serialNeedsNoSensorIds('AB-12')).toBe(false);
  });
});

describe('the device body', () => {
  const valid = {
    tenantId: 5,
    name: ' Kiln CEMS ',
    serialNumber: 'SN-1',
    dataFrequency: '15',
    monitoringPointId: '3',
    modelId: 9,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: 1, unit: 'mg/Nm3', max: '' }],
  };

  it('trims, takes digits for numbers and fills the defaults', () => {
    const parsed = deviceBodySchema.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Kiln CEMS',
      dataFrequency: 15,
      monitoringPointId: 3,
      certified: false,
      certification: null,
      calibratorModelId: null,
      vendorId: null,
      status: 'ENABLED',
    });
    expect(parsed.params[0]).toMatchObject({ enabled: true, max: null, sensorId: null, isCounter: false });
  });

  it('takes only 15, 5 or 2 minutes, and the spec’s upload methods', () => {
    for (const dataFrequency of [15, 5, 2]) {
      expect(deviceBodySchema.safeParse({ ...valid, dataFrequency }).success).toBe(true);
    }
    expect(deviceBodySchema.safeParse({ ...valid, dataFrequency: 10 }).success).toBe(false);
    expect(deviceBodySchema.safeParse({ ...valid, dataUploadMethod: 'IOT-EDGE' }).success).toBe(false);
  });

  it('needs a certification body other than None for a certified device', () => {
    const paths = (input: object) =>
      deviceBodySchema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths({ ...valid, certified: true })).toEqual(['certification']);
    expect(paths({ ...valid, certified: true, certification: 'None' })).toEqual(['certification']);
    expect(paths({ ...valid, certified: true, certification: 'MCERT' })).toEqual([]);
  });

  it('refuses a parameter listed twice, ratios outside 0–1 and an analyser type of the other conversion', () => {
    const paths = (input: object) =>
      deviceBodySchema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths({ ...valid, params: [{ parameterId: 1 }, { parameterId: 1 }] })).toEqual([
      'params.1.parameterId',
    ]);
    expect(paths({ ...valid, noRatio: 5 })).toEqual(['noRatio']);
    expect(paths({ ...valid, isNdirEnabled: true, noxConversion: 'NO2', ndirType: 'CLD' })).toEqual([
      'ndirType',
    ]);
    expect(paths({ ...valid, isNdirEnabled: true, noxConversion: 'NO', ndirType: 'CLD' })).toEqual([]);
  });
});
