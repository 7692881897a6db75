import { screen, waitFor, within } from '@testing-library/react';
import {
  energyParameterBodySchema,
  type EnergyMetric,
  type EnergyParameter,
  type Parameter,
} from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { EnergyParameterAddPage, EnergyParameterEditPage } from './energy-parameter-form';
import { StandardParameterEditPage } from './standard-parameter-edit-page';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const metric = (id: number, key: string, label: string, value: EnergyMetric['value']): EnergyMetric => ({
  id,
  key,
  label,
  value,
  status: 'ENABLED',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const METRICS = [
  metric(1, 'daily_consumption', 'Daily consumption', 'sum'),
  metric(2, 'peak_demand', 'Peak demand', 'max'),
];

const catalogueParameter = (id: number, label: string, overrides: Partial<Parameter> = {}): Parameter => {
  const name = label.toLowerCase().replace(/\s+/g, '_');
  return {
    id,
    name,
    label,
    mtype: 'energy',
    type: 'NORMAL',
    paramKey: name,
    paramMetric: name.replace(/_/g, '.'),
    stdUnit: 'kWh',
    defaultStdUnit: 'kWh',
    alertLabel: label,
    metricAgg: 'SUM',
    metricDownsampleAgg: 'SUM',
    isAlertEnabled: false,
    isCounter: true,
    counterResetValue: 10,
    isConversion: false,
    showWidget: true,
    dataStoreType: 'device',
    baseParamId: null,
    isLinear: null,
    status: 'ENABLED',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 4,
    ...overrides,
  };
};

const energyParameter = (overrides: Partial<EnergyParameter> = {}): EnergyParameter => ({
  id: 7,
  name: 'grid_energy',
  label: 'Grid Energy',
  paramKey: 'grid_energy',
  category: 'Electrical',
  unit: 'kWh',
  parameter: { id: 11, label: 'Energy kWh' },
  isCumulative: true,
  isAlertEnabled: false,
  metrics: [{ id: 1, key: 'daily_consumption', value: 'sum', label: 'Daily consumption' }],
  status: 'ENABLED',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const pageOf = <T,>(items: T[]) => ({
  items,
  page: 1,
  pageSize: 100,
  total: items.length,
  totalKind: 'exact' as const,
  pageCount: 1,
});

type Handlers = Parameters<typeof createApiMock>[0];

function renderAt(route: string, handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/parameters': () => jsonResponse(pageOf([catalogueParameter(11, 'Energy kWh')])),
    'GET /api/energy/metrics': () => jsonResponse(pageOf(METRICS)),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/energy/param/add" element={<EnergyParameterAddPage />} />
        <Route path="/energy/param/:id/edit" element={<EnergyParameterEditPage />} />
        <Route path="/energy/params" element={<p>Energy parameter list</p>} />
        <Route path="/param/:parameterId/edit" element={<StandardParameterEditPage />} />
        <Route path="/energy/parameter" element={<p>Standard energy parameter list</p>} />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

/** Opens a Mantine select or multi-select by its label and picks one option. */

function sentBody(api: ReturnType<typeof renderAt>['api'], method: 'POST' | 'PUT') {
  const call = api.calls.find((c) => c.method === method);
  return call ? (JSON.parse(String(call.init.body)) as Record<string, unknown>) : undefined;
}

// The form has several comboboxes; typing into it under jsdom is slow on a busy machine.
describe('Energy parameter form', () => {
  it('shows the name and key generated from the label as it is typed', async () => {
    const { user } = renderAt('/energy/param/add');
    const form = await screen.findByRole('form', { name: 'Add Energy Parameter' });

    await user.type(within(form).getByRole('textbox', { name: /^Label/ }), '  Grid-Incomer  Energy');
    expect(within(form).getByTestId('generated-name')).toHaveTextContent('gridincomer_energy');
    expect(within(form).getByTestId('generated-key')).toHaveTextContent('gridincomer_energy');
  });

  it('needs at least one metric: nothing is sent until one is chosen, then the parameter is added', async () => {
    const { user, api } = renderAt('/energy/param/add', {
      'POST /api/energy/parameters': () => jsonResponse(energyParameter(), 201),
    });
    const form = await screen.findByRole('form', { name: 'Add Energy Parameter' });
    await user.type(within(form).getByRole('textbox', { name: /^Label/ }), 'Grid Energy');
    await chooseOption(user, /^Category/, 'Electrical');
    await chooseOption(user, /^Unit/, 'kWh');
    await user.click(within(form).getByRole('button', { name: 'Add Energy Parameter' }));

    expect(await within(form).findByText('Choose at least one metric.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await chooseOption(user, /^Readings from/, 'Energy kWh');
    await chooseOption(user, /^Metrics/, /Peak demand/);
    await chooseOption(user, /^Metrics/, /Daily consumption/);
    await user.click(within(form).getByRole('switch', { name: /Cumulative meter reading/ }));
    expect(within(form).queryByText('Choose at least one metric.')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add Energy Parameter' }));

    expect(await screen.findByText('Parameter Added Successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Energy parameter list')).toBeInTheDocument();
    const body = sentBody(api, 'POST');
    expect(body).toEqual({
      label: 'Grid Energy',
      category: 'Electrical',
      unit: 'kWh',
      parameterId: 11,
      isCumulative: true,
      isAlertEnabled: false,
      metricIds: [2, 1],
    });
    // Every key sent is one the API accepts; the name and key are never sent.
    expect(energyParameterBodySchema.safeParse(body).success).toBe(true);
    // The metric picker asks for the largest page the API serves.
    expect(
      api.calls.some(
        (call) => call.url.startsWith('/api/energy/metrics?') && call.url.includes('pageSize=100'),
      ),
    ).toBe(true);
  });

  it('shows "Parameter already exists." under the label for a name already used', async () => {
    const { user } = renderAt('/energy/param/add', {
      'POST /api/energy/parameters': () => errorResponse(409, 'PARAMETER_EXISTS', 'Refused.'),
    });
    const form = await screen.findByRole('form', { name: 'Add Energy Parameter' });
    await user.type(within(form).getByRole('textbox', { name: /^Label/ }), 'Voltage');
    await chooseOption(user, /^Category/, 'Electrical');
    await chooseOption(user, /^Unit/, 'V');
    await chooseOption(user, /^Metrics/, /Peak demand/);
    await user.click(within(form).getByRole('button', { name: 'Add Energy Parameter' }));

    const label = within(form).getByRole('textbox', { name: /^Label/ });
    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('Parameter already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Energy parameter list')).not.toBeInTheDocument();
  });

  it('edits from the stored values and version; "Parameter Edited Successfully."', async () => {
    const { user, api } = renderAt('/energy/param/7/edit', {
      'GET /api/energy/parameters/7': () => jsonResponse(energyParameter()),
      'PUT /api/energy/parameters/7': () => jsonResponse(energyParameter({ version: 4 })),
    });
    const form = await screen.findByRole('form', { name: 'Edit Energy Parameter' });
    expect(within(form).getByRole('textbox', { name: /^Label/ })).toHaveValue('Grid Energy');
    expect(within(form).getByRole('switch', { name: /Cumulative meter reading/ })).toBeChecked();
    await user.click(within(form).getByRole('switch', { name: /Alerts enabled/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Parameter Edited Successfully.')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toMatchObject({
      label: 'Grid Energy',
      parameterId: 11,
      isAlertEnabled: true,
      metricIds: [1],
      version: 3,
    });
  });

  it('shows a stale version as a conflict with a reload, and a refused metric under the metrics', async () => {
    let answer = 0;
    const { user } = renderAt('/energy/param/7/edit', {
      'GET /api/energy/parameters/7': () => jsonResponse(energyParameter()),
      'PUT /api/energy/parameters/7': () =>
        ++answer === 1
          ? errorResponse(409, 'STALE_VERSION', 'Changed.')
          : errorResponse(400, 'VALIDATION_FAILED', 'Invalid.', [
              { path: 'metricIds', message: 'Choose metrics that exist.', code: 'FIELD_RULE' },
            ]),
    });
    const form = await screen.findByRole('form', { name: 'Edit Energy Parameter' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('alert', { name: /Changed by someone else/ });
    expect(within(conflict).getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose metrics that exist.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Metrics/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Error in Editing Parameter.')).toBeInTheDocument();
  });

  it('says "Error in Editing Parameter." when the save fails', async () => {
    const { user } = renderAt('/energy/param/7/edit', {
      'GET /api/energy/parameters/7': () => jsonResponse(energyParameter()),
      'PUT /api/energy/parameters/7': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const form = await screen.findByRole('form', { name: 'Edit Energy Parameter' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error in Editing Parameter.')).toBeInTheDocument();
  });
});

describe('Standard parameter edit page', () => {
  it('edits the catalogue parameter with its version and goes back to the energy view', async () => {
    const { user, api } = renderAt('/param/11/edit', {
      'GET /api/parameters/11': () => jsonResponse(catalogueParameter(11, 'Energy kWh')),
      'PUT /api/parameters/11': () => jsonResponse(catalogueParameter(11, 'Energy kWh', { version: 5 })),
      'GET /api/units': () => jsonResponse([{ code: 'kWh', label: 'kWh', quantity: 'energy' }]),
    });
    await screen.findByRole('heading', { name: 'Edit Standard Parameter' });
    const label = await screen.findByRole('textbox', { name: /^Label/ });
    expect(label).toHaveValue('Energy kWh');
    await user.click(screen.getByRole('switch', { name: 'Alerts enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Parameter Edited Successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Standard energy parameter list')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toMatchObject({
      label: 'Energy kWh',
      mtype: 'energy',
      isAlertEnabled: true,
      isCounter: true,
      version: 4,
    });
  });

  it('shows "Parameter already exists." for a duplicate and stays on the page', async () => {
    const { user } = renderAt('/param/11/edit', {
      'GET /api/parameters/11': () => jsonResponse(catalogueParameter(11, 'Energy kWh')),
      'PUT /api/parameters/11': () => errorResponse(409, 'PARAMETER_EXISTS', 'Refused.'),
      'GET /api/units': () => jsonResponse([]),
    });
    const label = await screen.findByRole('textbox', { name: /^Label/ });
    await user.clear(label);
    await user.type(label, 'Active Power');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Parameter already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Standard energy parameter list')).not.toBeInTheDocument();
  });

  it('says when the parameter does not exist', async () => {
    renderAt('/param/99/edit', {
      'GET /api/parameters/99': () => errorResponse(404, 'NOT_FOUND', 'Parameter not found.'),
    });
    expect(await screen.findByText('The parameter could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the standard energy parameters' })).toBeInTheDocument();
  });
});
