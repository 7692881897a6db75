import { act, screen, waitFor, within } from '@testing-library/react';
import type { DataSeries, DeviceReadings, EntityData, LatestReading } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { i18n } from '../../i18n';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeviceReadingsPage } from './device-readings-page';

const NOW = new Date('2026-11-27T12:07:00.000Z');

const reading = (overrides: Partial<LatestReading>): LatestReading => ({
  parameterId: 31,
  key: 'so2',
  label: 'SO2',
  unit: 'mg/Nm3',
  sentUnit: 'mg/Nm3',
  sentValue: 42.5,
  value: 42.5,
  time: '2026-11-27T11:45:00.000Z',
  provenance: 'measured',
  limit: 100,
  freshness: 'LIVE',
  isCounter: false,
  ...overrides,
});

const KILN_READINGS: DeviceReadings = {
  deviceId: 9,
  name: 'Kiln CEMS',
  tenantId: 21,
  tenantName: 'Deccan Cement Works',
  monitoringPointId: 7,
  monitoringPoint: 'Kiln stack 1',
  lastDataAt: '2026-11-27T11:45:00.000Z',
  freshness: 'LIVE',
  parameters: [
    reading({}),
    // Sent in ppm, shown in the standard unit; above its limit.
    reading({
      parameterId: 32,
      key: 'nox',
      label: 'NOx',
      sentUnit: 'ppm',
      sentValue: 150,
      value: 308.1,
      limit: 300,
      provenance: 'calibration',
    }),
    // No limit, never sent.
    reading({
      parameterId: 33,
      key: 'pm',
      label: 'PM',
      sentUnit: null,
      sentValue: null,
      value: null,
      time: null,
      provenance: null,
      limit: null,
      freshness: 'OFFLINE',
    }),
  ],
};

const series = (overrides: Partial<DataSeries>): DataSeries => ({
  deviceId: 9,
  deviceName: 'Kiln CEMS',
  parameterId: 31,
  key: 'so2',
  label: 'SO2',
  unit: 'mg/Nm3',
  aggregation: 'AVG',
  isDerived: false,
  points: [],
  ...overrides,
});

const dataOf = (body: { startDate?: string; endDate?: string }, items: DataSeries[]): EntityData => ({
  entityId: 7,
  dim: 'minute_15',
  startDate: body.startDate ?? '',
  endDate: body.endDate ?? '',
  series: items,
});

const WITH_POINTS = [
  series({
    points: [
      { t: '2026-11-27T11:30:00.000Z', value: 40, count: 15, min: 38, max: 43, provenance: 'measured' },
      { t: '2026-11-27T11:45:00.000Z', value: 42.5, count: 5, min: 42, max: 43, provenance: 'measured' },
    ],
  }),
  series({
    parameterId: 32,
    key: 'nox',
    label: 'NOx',
    points: [
      {
        t: '2026-11-27T11:45:00.000Z',
        value: 308.1,
        count: 5,
        min: 300,
        max: 310,
        provenance: 'calibration',
      },
    ],
  }),
  series({ parameterId: 33, key: 'pm', label: 'PM' }),
];

type Handlers = Parameters<typeof createApiMock>[0];

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderReadings(route: string, handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/devices/9/readings': () => jsonResponse(KILN_READINGS),
    'POST /api/tenants/21/entities/7/data': ({ init }) =>
      jsonResponse(dataOf(JSON.parse(String(init.body)) as { startDate?: string }, WITH_POINTS)),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/devices/:deviceId/readings" element={<DeviceReadingsPage />} />
        <Route path="/devices" element={<h1>Devices</h1>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
  return { ...view, api };
}

type Api = ReturnType<typeof renderReadings>['api'];

const dataBodies = (api: Api) =>
  api.calls
    .filter((call) => call.method === 'POST')
    .map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

const address = () => screen.getByRole('status', { name: 'Address' }).textContent ?? '';

/** The cells of the latest values table's row of a parameter, as text. */
async function latestRow(name: string) {
  const table = await screen.findByRole('table', { name: /^Latest value of each parameter/ });
  const row = within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

beforeEach(() => {
  setStoredUser(buildUser({ userType: 'site' }));
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  // jsdom lays nothing out, so the charts measure 0 × 0 and say so; what they show is checked by the browser tests.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
});
afterEach(() => vi.useRealTimers());

describe('DeviceReadingsPage', () => {
  it('shows the device, its freshness and the latest value of each parameter once they load', async () => {
    const { api } = renderReadings('/devices/9/readings');
    expect(screen.getByLabelText('Loading ...')).toHaveAttribute('aria-busy', 'true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiln CEMS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deccan Cement Works' })).toHaveAttribute(
      'href',
      '/accounts/tenant/21/view',
    );
    expect(screen.getByText('Kiln stack 1')).toBeInTheDocument();
    expect(screen.getAllByText(/^Last data 22 minutes ago \(Nov 27, 2026/)[0]).toBeInTheDocument();
    expect(document.title).toBe('Readings: Kiln CEMS · Vayu');

    // Label, value in the standard unit, as sent, limit, source, time, freshness.
    expect(await latestRow('SO2')).toEqual([
      'SO2',
      '42.5 mg/Nm³',
      '—',
      '100 mg/Nm³',
      'Measured',
      expect.stringMatching(/^Nov 27, 2026 \d{1,2}:45 [AP]M$/),
      'Live',
    ]);
    const nox = await latestRow('NOx');
    expect(nox.slice(0, 5)).toEqual([
      'NOx',
      '308.1 mg/Nm³Above limit',
      '150 ppm',
      '300 mg/Nm³',
      'Calibration',
    ]);
    expect(screen.getByText('308.1 mg/Nm³')).toHaveStyle({ fontWeight: '700' });
    expect(await latestRow('PM')).toEqual(['PM', '—', '—', '—', '—', '—', 'Offline']);

    // The last 24 hours of this device's 15-minute values, one chart per parameter.
    await waitFor(() => expect(dataBodies(api)).toHaveLength(1));
    expect(dataBodies(api)[0]).toEqual({
      dim: 'minute_15',
      deviceId: 9,
      startDate: '2026-11-26T12:00:00.000Z',
      endDate: '2026-11-27T12:07:00.000Z',
    });
    expect(
      await screen.findByRole('figure', { name: 'SO2 over the last 24 hours, 15-minute values' }),
    ).toHaveTextContent('Limit 100 mg/Nm³');
    const noxChart = screen.getByRole('figure', { name: 'NOx over the last 24 hours, 15-minute values' });
    expect(noxChart).toHaveTextContent('Not measured: Calibration');
    expect(
      screen.getByRole('figure', { name: 'PM over the last 24 hours, 15-minute values' }),
    ).toHaveTextContent('No readings of PM in this range yet');
  });

  it('switches the range with the keyboard and keeps it in the address', async () => {
    const { user, api } = renderReadings('/devices/9/readings');
    await screen.findByRole('figure', { name: /^SO2 over the last 24 hours/ });
    const ranges = screen.getByRole('radiogroup', { name: 'Range' });
    expect(within(ranges).getByRole('radio', { name: '24 hours' })).toBeChecked();

    within(ranges).getByRole('radio', { name: '24 hours' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(ranges).getByRole('radio', { name: '7 days' })).toBeChecked();
    await waitFor(() => expect(address()).toBe('/devices/9/readings?range=7d'));
    expect(await screen.findByRole('figure', { name: /^SO2 over the last 7 days/ })).toBeInTheDocument();
    expect(dataBodies(api).at(-1)).toMatchObject({
      deviceId: 9,
      startDate: '2026-11-20T12:00:00.000Z',
      endDate: '2026-11-27T12:07:00.000Z',
    });

    await user.click(within(ranges).getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(address()).toBe('/devices/9/readings?range=30d'));
    expect(await screen.findByRole('figure', { name: /^SO2 over the last 30 days/ })).toBeInTheDocument();
    expect(dataBodies(api).at(-1)).toMatchObject({ startDate: '2026-10-28T12:00:00.000Z' });

    await user.click(within(ranges).getByRole('radio', { name: '24 hours' }));
    await waitFor(() => expect(address()).toBe('/devices/9/readings'));
  });

  it('downloads the shown range as CSV', async () => {
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:readings';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    const { user } = renderReadings('/devices/9/readings?range=7d');
    await screen.findByRole('figure', { name: /^SO2 over the last 7 days/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(clicked).toEqual(['Kiln-CEMS_7d_2026-11-20_2026-11-27.csv']);
    expect(saved?.type).toBe('text/csv;charset=utf-8');
    const text = await saved!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'time,parameter,value,unit,provenance,count',
      '2026-11-27T11:30:00.000Z,SO2,40,mg/Nm3,measured,15',
      '2026-11-27T11:45:00.000Z,SO2,42.5,mg/Nm3,measured,5',
      '2026-11-27T11:45:00.000Z,NOx,308.1,mg/Nm3,calibration,5',
      '',
    ]);
  });

  it('says when a range has no readings yet, and offers no download', async () => {
    renderReadings('/devices/9/readings', {
      'POST /api/tenants/21/entities/7/data': () =>
        jsonResponse(dataOf({}, [series({}), series({ parameterId: 32, label: 'NOx' })])),
    });
    expect(await screen.findByText('No readings in this range yet')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('says when the chart data could not be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderReadings('/devices/9/readings', {
      'POST /api/tenants/21/entities/7/data': ({ init }) =>
        fail
          ? errorResponse(500, 'INTERNAL_ERROR', 'Boom')
          : jsonResponse(dataOf(JSON.parse(String(init.body)) as { startDate?: string }, WITH_POINTS)),
    });
    expect(await screen.findByText('The readings of this range could not be loaded.')).toBeInTheDocument();
    // The latest values are shown all the same.
    expect(await latestRow('SO2')).toContain('42.5 mg/Nm³');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('figure', { name: /^SO2 over the last 24 hours/ })).toBeInTheDocument();
  });

  it('says when the device cannot be seen, with a way back to the devices', async () => {
    const { user } = renderReadings('/devices/9/readings', {
      'GET /api/devices/9/readings': () => errorResponse(404, 'NOT_FOUND', 'Not found'),
    });
    expect(await screen.findByText('The readings of this device could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('This record does not exist or you may not see it.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to devices' }));
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
  });

  it('sends an address that names no device back to the devices', async () => {
    const { api } = renderReadings('/devices/abc/readings');
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('speaks Hindi when the console does', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderReadings('/devices/9/readings');
    expect(await screen.findByRole('heading', { level: 2, name: 'नवीनतम मान' })).toBeInTheDocument();
    const ranges = await screen.findByRole('radiogroup', { name: 'अवधि' });
    expect(within(ranges).getByRole('radio', { name: '7 दिन' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV डाउनलोड करें' })).toBeInTheDocument();
  });
});
