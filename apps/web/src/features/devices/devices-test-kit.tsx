import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type {
  Device,
  DeviceSummary,
  Make,
  Model,
  ModelParameter,
  MonitoringPoint,
  Parameter,
  ParameterUnitsAnswer,
} from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeviceList } from './device-list';

/** Shared data and helpers of the device screens' tests. */

export const DECCAN = { id: 21, name: 'Deccan Cement Works' };

export const SICK: Make = { id: 4, name: 'SICK', type: 'Analyser', modelCount: 1, version: 1 };

export const MCS100FT: Model = {
  id: 41,
  name: 'MCS100FT',
  modelType: 'CEMS',
  make: { id: 4, name: 'SICK', type: 'Analyser' },
  parameterIds: [31, 32, 35],
  version: 1,
};

export const MODEL_PARAMETERS: ModelParameter[] = [
  { id: 31, name: 'so2', label: 'SO2', mtype: 'stack', stdUnit: 'mg/Nm3', isCounter: false },
  { id: 32, name: 'nox', label: 'NOx', mtype: 'stack', stdUnit: 'mg/Nm3', isCounter: false },
  { id: 35, name: 'flow_totaliser', label: 'Flow totaliser', mtype: 'stack', stdUnit: 'm3', isCounter: true },
];

export const unitsOf = (parameterId: number): ParameterUnitsAnswer => ({
  parameterId,
  stdUnit: 'mg/Nm3',
  cpcbUnit: 'mg/Nm3',
  spcbUnit: 'mg/Nm3',
  molecularWeight: null,
  units: [
    { code: 'mg/Nm3', label: 'mg/Nm³', toStandard: 1, isStandard: true, isCpcb: true, isSpcb: true },
    { code: 'ppm', label: 'ppm', toStandard: 2.86, isStandard: false, isCpcb: false, isSpcb: false },
  ],
});

export function catalogueParameter(id: number, label: string): Parameter {
  const name = label.toLowerCase().replace(/\s+/g, '_');
  return {
    id,
    name,
    label,
    mtype: 'stack',
    type: 'NORMAL',
    paramKey: name,
    paramMetric: name,
    stdUnit: 'mg/Nm3',
    defaultStdUnit: 'mg/Nm3',
    alertLabel: null,
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVG',
    isAlertEnabled: true,
    isCounter: false,
    counterResetValue: null,
    isConversion: false,
    showWidget: false,
    dataStoreType: 'device',
    baseParamId: null,
    isLinear: null,
    status: 'ENABLED',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
}

export function summaryOf(device: Device): DeviceSummary {
  return {
    id: device.id,
    tenant: device.tenant,
    name: device.name,
    serialNumber: device.serialNumber,
    monitoringPoint: { id: device.monitoringPoint.id, name: device.monitoringPoint.name },
    model: device.model,
    dataUploadMethod: device.dataUploadMethod,
    status: device.status,
    parameterCount: device.params.filter((row) => row.enabled).length,
    version: device.version,
  };
}

export const KILN_CEMS: Device = {
  id: 9,
  tenant: DECCAN,
  name: 'Kiln CEMS',
  serialNumber: 'SK-2201',
  manufactureId: null,
  certified: true,
  certification: 'TUV',
  dataFrequency: 15,
  tag: 'kiln',
  monitoringPoint: { id: 7, name: 'Kiln stack 1', entityType: 'stack' },
  description: null,
  type: 'CEMS',
  model: { id: 41, name: 'MCS100FT', make: { id: 4, name: 'SICK' } },
  calibratorModel: null,
  isNdirEnabled: false,
  noxConversion: null,
  ndirType: null,
  noRatio: null,
  no2Ratio: null,
  dataUploadMethod: 'MODBUS',
  vendor: null,
  process: null,
  status: 'ENABLED',
  params: [
    {
      id: 101,
      parameter: { id: 31, name: 'so2', label: 'SO2', virtual: false },
      enabled: true,
      unit: 'mg/Nm3',
      cpcbUnit: 'mg/Nm3',
      spcbUnit: 'mg/Nm3',
      userUnit: null,
      max: null,
      isCounter: false,
      remoteCalibrationFacility: false,
      offlineAlert: true,
      sensorId: null,
    },
    {
      id: 102,
      parameter: { id: 32, name: 'nox', label: 'NOx', virtual: false },
      enabled: true,
      unit: 'mg/Nm3',
      cpcbUnit: 'mg/Nm3',
      spcbUnit: 'mg/Nm3',
      userUnit: null,
      max: null,
      isCounter: false,
      remoteCalibrationFacility: false,
      offlineAlert: true,
      sensorId: null,
    },
  ],
  version: 3,
  createdAt: '2026-11-01T05:00:00.000Z',
  updatedAt: '2026-11-20T05:00:00.000Z',
};

export const KILN_STACK: MonitoringPoint = {
  id: 7,
  tenantId: 21,
  name: 'Kiln stack 1',
  entityType: 'stack',
  latitude: null,
  longitude: null,
  properties: {},
  deviceCount: 1,
  version: 1,
  updatedAt: '2026-11-20T05:00:00.000Z',
};

export const NDIR_TYPES_ANSWER = [
  { value: 'NDIR', label: 'NDIR (non-dispersive infrared), NO', conversion: 'NO' },
  { value: 'CLD', label: 'Chemiluminescence (CLD), NO with NO2 converter', conversion: 'NO' },
  { value: 'NDUV', label: 'NDUV (non-dispersive ultraviolet), NO2', conversion: 'NO2' },
] as const;

type Handlers = Parameters<typeof createApiMock>[0];

export const pageOf = <T,>(items: T[], page = 1, total = items.length) => ({
  items,
  page,
  pageSize: 20,
  total,
  totalKind: 'exact',
  pageCount: Math.max(1, Math.ceil(total / 20)),
});

/** Every look-up the device form makes, answered; `handlers` replace or add answers. */
export function deviceApiHandlers(handlers: Handlers = {}): Handlers {
  return {
    'GET /api/devices': () => jsonResponse(pageOf([summaryOf(KILN_CEMS)])),
    'GET /api/devices/9': () => jsonResponse(KILN_CEMS),
    'GET /api/tenants/21/entities': () => jsonResponse({ items: [KILN_STACK], limit: 200 }),
    'GET /api/Analyser/make': () => jsonResponse([SICK]),
    'GET /api/Calibrator/make': () => jsonResponse([]),
    'GET /api/modelByMake/4': () => jsonResponse([MCS100FT]),
    'GET /api/models/41/params': () => jsonResponse(MODEL_PARAMETERS),
    'GET /api/parameters/31/units': () => jsonResponse(unitsOf(31)),
    'GET /api/parameters/32/units': () => jsonResponse(unitsOf(32)),
    'GET /api/parameters/35/units': () => jsonResponse(unitsOf(35)),
    'GET /api/parameters/36/units': () => jsonResponse(unitsOf(36)),
    'GET /api/parameters': () => jsonResponse(pageOf([catalogueParameter(36, 'Carbon Monoxide')])),
    'GET /api/type': () => jsonResponse([{ value: 'CEMS', label: 'CEMS' }]),
    'GET /api/type/ndir': ({ url }) => {
      const conversion = new URL(url, 'http://localhost').searchParams.get('conversion');
      return jsonResponse(NDIR_TYPES_ANSWER.filter((type) => !conversion || type.conversion === conversion));
    },
    'GET /api/allDeviceVendor': () => jsonResponse([{ id: 3, name: 'Enviro Instruments' }]),
    'POST /api/checkSNoAvailability': () =>
      jsonResponse({ available: true, forbidden: false, sensorIdRequired: false }),
    'POST /api/checkSIdAvailability': () => jsonResponse({ available: true }),
    ...handlers,
  };
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

/** The device screens at `route`, with the dialogs' host, answering with `handlers`. */
export function renderDevices(route: string, handlers: Handlers = {}) {
  const api = createApiMock(deviceApiHandlers(handlers));
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/devices" element={<DeviceList />} />
        <Route path="/devices/add" element={<DeviceList />} />
        <Route path="/devices/:deviceId/edit" element={<DeviceList />} />
      </Routes>
      <Address />
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

export type Api = ReturnType<typeof renderDevices>['api'];

/** The JSON bodies sent to `METHOD /path`. */
export const bodiesOf = (api: Api, method: string, path: string) =>
  api.calls
    .filter((call) => call.method === method && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

export const address = () => screen.getByRole('status', { name: 'Address' }).textContent ?? '';

/** Puts text into a text box of `container` (the dialog) after clearing it, as pasting does. */
export async function typeInto(user: UserEvent, container: HTMLElement, name: RegExp, text: string) {
  const input = within(container).getByRole('textbox', { name });
  await user.clear(input);
  await user.click(input);
  if (text) await user.paste(text);
}

/** The parameter row (a group named by the parameter) of the dialog. */
export const rowOf = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
