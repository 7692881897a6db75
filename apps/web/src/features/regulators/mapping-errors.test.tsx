import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  regulatorDeviceBodySchema,
  type Board,
  type Device,
  type DeviceSummary,
  type MonitoringPoint,
  type RegulatorDevice,
  type RegulatorTenant,
  type Station,
} from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { DeviceMappingDialog } from './device-mapping-dialog';
import { KeyFilesDialog } from './key-files-dialog';
import { StationDialog } from './stations-section';

const BOARD: Board = {
  statId: 1,
  name: 'MPCB Online Monitoring (OCEMS)',
  statutoryId: 7,
  statutoryName: 'Maharashtra Pollution Control Board',
  stateCode: 'MH',
  stateName: 'Maharashtra',
  config: { protocol: 'cpcb-v1', baseUrl: null, timeoutMs: 30_000, pushEnabled: true },
  accountCounts: { total: 1, live: 1, delayed: 0, offline: 0 },
  version: 1,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const MAPPING: RegulatorTenant = {
  id: 5,
  statId: 1,
  tenantId: 21,
  tenantName: 'Deccan Cement Works',
  spcbTenantId: 'MPCB-CHD-CEM-0412',
  authorizationKeyHint: '••••zW8n',
  signature: null,
  nocNumber: null,
  keyStatus: 'not Yet',
  pushEnabled: true,
  keyFiles: [],
  nextSlot: '2026-11-27T06:30:00.000Z',
  lastAttemptAt: null,
  lastDeliveredAt: null,
  lastError: null,
  version: 4,
};

const STATION: Station = {
  id: 11,
  regulatorTenantId: 5,
  monitoringPointId: 41,
  monitoringPointName: 'Kiln / Raw Mill Stack',
  entityType: 'stack',
  spcbEntityId: 'STN-0412-01',
  version: 2,
};

const point = (id: number, name: string): MonitoringPoint => ({
  id,
  tenantId: 21,
  name,
  entityType: 'stack',
  latitude: null,
  longitude: null,
  properties: {},
  deviceCount: 1,
  version: 1,
  updatedAt: '2026-11-20T00:00:00.000Z',
});

const ANALYSER: DeviceSummary = {
  id: 61,
  tenant: { id: 21, name: 'Deccan Cement Works' },
  name: 'Gas Analyser – Kiln',
  serialNumber: 'HOR-1',
  monitoringPoint: { id: 41, name: 'Kiln / Raw Mill Stack' },
  model: { id: 3, name: 'ENDA-5000', make: { id: 2, name: 'Horiba' } },
  dataUploadMethod: 'MODBUS',
  status: 'ENABLED',
  parameterCount: 2,
  version: 1,
};

const param = (id: number, label: string, unit: string) => ({
  id: id * 10,
  parameter: { id, name: label.toLowerCase(), label, virtual: false },
  enabled: true,
  unit,
  cpcbUnit: null,
  spcbUnit: null,
  userUnit: null,
  max: null,
  isCounter: false,
  remoteCalibrationFacility: false,
  offlineAlert: true,
  sensorId: null,
});

const ANALYSER_DETAIL: Device = {
  ...ANALYSER,
  monitoringPoint: { id: 41, name: 'Kiln / Raw Mill Stack', entityType: 'stack' },
  manufactureId: null,
  certified: false,
  certification: null,
  dataFrequency: 15,
  tag: null,
  description: null,
  type: null,
  calibratorModel: null,
  isNdirEnabled: false,
  noxConversion: null,
  ndirType: null,
  noRatio: null,
  no2Ratio: null,
  vendor: null,
  process: null,
  params: [param(31, 'SO2', 'mg/Nm3'), param(32, 'NOx', 'mg/Nm3')],
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

const MAPPED_SO2: RegulatorDevice = {
  id: 91,
  regulatorTenantId: 5,
  stationId: 11,
  spcbEntityId: 'STN-0412-01',
  deviceId: 61,
  deviceName: ANALYSER.name,
  parameterId: 31,
  parameterLabel: 'SO2',
  unit: 'mg/Nm3',
  regulatorParameterId: 71,
  spcbParameterId: 'so2',
  regulatorUnitId: 81,
  spcbUnit: 'mg/Nm3',
  spcbDeviceId: 'DEV-0412-0101',
};

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/regulator/tenants/5/stations': () => jsonResponse({ items: [STATION] }),
    'GET /api/getParametersByPcbConfigId/1': () =>
      jsonResponse({
        items: [
          { id: 71, parameterId: 31, parameterLabel: 'SO2', stdUnit: 'mg/Nm3', spcbParameterId: 'so2' },
          { id: 72, parameterId: 32, parameterLabel: 'NOx', stdUnit: 'mg/Nm3', spcbParameterId: 'nox' },
        ],
      }),
    'GET /api/pcbConfiguration/1/units': () =>
      jsonResponse({
        items: [
          { id: 81, unit: 'mg/Nm3', spcbUnit: 'mg/Nm3' },
          { id: 82, unit: '%', spcbUnit: 'percent' },
        ],
      }),
    'GET /api/devices': () =>
      jsonResponse({ items: [ANALYSER], page: 1, pageSize: 100, total: 1, totalKind: 'exact', pageCount: 1 }),
    'GET /api/devices/61': () => jsonResponse(ANALYSER_DETAIL),
    'GET /api/tenants/21/entities': () =>
      jsonResponse({ items: [point(41, 'Kiln / Raw Mill Stack'), point(42, 'Cooler Stack')], limit: 20 }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

const sentBody = (api: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

describe('mapping an error code onto its field', () => {
  it('puts REGULATOR_MAPPING_EXISTS on the parameter, with the board ids following the choices', async () => {
    const api = stubApi({
      'POST /api/createPcbDevice': () =>
        errorResponse(409, 'REGULATOR_MAPPING_EXISTS', 'This device already maps this parameter.', [
          { path: 'parameterId', message: 'This device already maps this parameter.', code: 'FIELD_TAKEN' },
        ]),
    });
    const { user } = renderWithProviders(
      <DeviceMappingDialog opened board={BOARD} mapping={MAPPING} mapped={[MAPPED_SO2]} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map a device parameter' });
    await chooseOption(user, /^Station/, 'STN-0412-01 · Kiln / Raw Mill Stack', dialog);
    await chooseOption(user, /^Device/, 'Gas Analyser – Kiln', dialog);
    // The device's other parameter of the board takes its board device id.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Board device id/ })).toHaveValue('DEV-0412-0101'),
    );
    await chooseOption(user, /^Parameter/, 'SO2 — already mapped', dialog);
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Unit/ })).toHaveValue('mg/Nm3'));
    expect(within(dialog).getByRole('textbox', { name: /^Board parameter/ })).toHaveValue('so2');
    expect(within(dialog).getByRole('textbox', { name: /^Board unit/ })).toHaveValue('mg/Nm3');
    await user.click(within(dialog).getByRole('button', { name: 'Map device parameter' }));

    const parameter = within(dialog).getByRole('textbox', { name: /^Parameter/ });
    await waitFor(() => expect(parameter).toHaveAttribute('aria-invalid', 'true'));
    expect(parameter).toHaveAccessibleDescription('This device already maps this parameter.');
    expect(await screen.findByText('The device parameter could not be mapped.')).toBeInTheDocument();
    const body = sentBody(api, 'POST');
    expect(body).toEqual({
      regulatorTenantId: 5,
      stationId: 11,
      deviceId: 61,
      parameterId: 31,
      unit: 'mg/Nm3',
      regulatorParameterId: 71,
      regulatorUnitId: 81,
      spcbDeviceId: 'DEV-0412-0101',
    });
    expect(regulatorDeviceBodySchema.safeParse(body).success).toBe(true);
  });

  it('puts STATION_EXISTS on the field it names, and says "Error in creating entity" for anything else', async () => {
    let answer = () =>
      errorResponse(409, 'STATION_EXISTS', 'Taken.', [
        { path: 'monitoringPointId', message: 'Taken.', code: 'FIELD_TAKEN' },
      ]);
    stubApi({ 'POST /api/regulator/tenants/5/stations': () => answer() });
    const { user } = renderWithProviders(
      <StationDialog opened mapping={MAPPING} station={null} stations={[]} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add station' });
    await chooseOption(user, /^Monitoring point/, 'Cooler Stack', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Board station id/ }), 'STN-0412-02');
    await user.click(within(dialog).getByRole('button', { name: 'Add station' }));
    const pointField = within(dialog).getByRole('textbox', { name: /^Monitoring point/ });
    await waitFor(() =>
      expect(pointField).toHaveAccessibleDescription(
        'This monitoring point is already a station of this board.',
      ),
    );

    answer = () =>
      errorResponse(409, 'STATION_EXISTS', 'Taken.', [
        { path: 'spcbEntityId', message: 'Taken.', code: 'FIELD_TAKEN' },
      ]);
    await user.click(within(dialog).getByRole('button', { name: 'Add station' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Board station id/ })).toHaveAccessibleDescription(
        'Another station of this industry has this board id.',
      ),
    );

    answer = () => errorResponse(500, 'INTERNAL_ERROR', 'Boom');
    await user.click(within(dialog).getByRole('button', { name: 'Add station' }));
    expect(await screen.findByText('Error in creating entity')).toBeInTheDocument();
  });

  it('says the spec’s words when a station is updated, and when its update fails on no field', async () => {
    let fail = true;
    const api = stubApi({
      'PUT /api/regulator/stations/11': () =>
        fail ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'Busy') : jsonResponse({ ...STATION, version: 3 }),
    });
    const { user } = renderWithProviders(
      <StationDialog opened mapping={MAPPING} station={STATION} stations={[STATION]} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit station' });
    const id = within(dialog).getByRole('textbox', { name: /^Board station id/ });
    await user.clear(id);
    await user.type(id, 'STN-0412-09');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('error occurred while updating station')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station is successfully updated')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toEqual({ monitoringPointId: 41, spcbEntityId: 'STN-0412-09', version: 2 });
  });

  it('shows the API’s refusal of a key file under the file, and never offers the private key back', async () => {
    const api = stubApi({
      'POST /api/regulator/tenants/5/keys/public': () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Only .pem or .ppk files are accepted.', [
          { path: 'file', message: 'Only .pem or .ppk files are accepted.', code: 'FIELD_RULE' },
        ]),
    });
    const mapping: RegulatorTenant = {
      ...MAPPING,
      keyFiles: [
        {
          kind: 'private',
          fileName: 'deccan-private.pem',
          fingerprint: 'AB:CD',
          uploadedAt: '2026-11-20T00:00:00.000Z',
        },
        {
          kind: 'server',
          fileName: 'mpcb-server.pem',
          fingerprint: 'EF:01',
          uploadedAt: '2026-11-20T00:00:00.000Z',
        },
      ],
    };
    const { user } = renderWithProviders(<KeyFilesDialog mapping={mapping} canWrite onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Key files of Deccan Cement Works' });
    const privateKey = within(dialog).getByRole('region', { name: 'Private key' });
    expect(within(privateKey).getByText('AB:CD')).toBeInTheDocument();
    expect(within(privateKey).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
    const server = within(dialog).getByRole('region', { name: 'Server key' });
    expect(
      within(server).getByRole('link', { name: 'Download Server key (mpcb-server.pem)' }),
    ).toHaveAttribute('href', '/api/regulator/tenants/5/keys/server');

    const publicKey = within(dialog).getByRole('region', { name: 'Public key' });
    const input = publicKey.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.pem,.ppk');
    // The picker offers .pem and .ppk files only; a file dropped in another way still reaches the API.
    fireEvent.change(input, {
      target: { files: [new File(['not a key'], 'key.txt', { type: 'text/plain' })] },
    });
    await user.click(within(publicKey).getByRole('button', { name: 'Upload Public key' }));
    expect(await within(publicKey).findByText('Only .pem or .ppk files are accepted.')).toBeInTheDocument();
    expect(await screen.findByText('The Public key could not be uploaded.')).toBeInTheDocument();
    const sent = api.calls.find((call) => call.method === 'POST')!.init.body as FormData;
    expect((sent.get('file') as File).name).toBe('key.txt');
  });
});
