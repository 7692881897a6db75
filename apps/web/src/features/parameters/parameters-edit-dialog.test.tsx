import { screen, waitFor, within } from '@testing-library/react';
import { parameterBodySchema, type Parameter } from '@vayu/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { ParameterList } from './parameter-list';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const parameter = (id: number, label: string, overrides: Partial<Parameter> = {}): Parameter => {
  const name = label.toLowerCase().replace(/\s+/g, '_');
  return {
    id,
    name,
    label,
    mtype: 'stack',
    type: 'NORMAL',
    paramKey: name,
    paramMetric: label.toLowerCase().replace(/\s+/g, '.'),
    stdUnit: 'mg/Nm3',
    defaultStdUnit: 'mg/Nm3',
    alertLabel: null,
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVG',
    isAlertEnabled: true,
    isCounter: false,
    counterResetValue: null,
    isConversion: true,
    showWidget: true,
    dataStoreType: 'device',
    baseParamId: null,
    isLinear: null,
    status: 'ENABLED',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
};

const pageOf = (items: Parameter[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact' as const,
  pageCount: 1,
});

const UNITS = [
  { code: 'mg/Nm3', label: 'mg/Nm³', quantity: 'concentration' },
  { code: 'ppm', label: 'ppm', quantity: 'concentration' },
];

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/parameters': () => jsonResponse(pageOf([parameter(1, 'PM 10'), parameter(2, 'SO2')])),
    'GET /api/units': () => jsonResponse(UNITS),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <ParameterList />
      <DialogHost />
    </>,
    { route: '/parameterlist' },
  );
  return { ...view, api };
}

async function openAddDialog(user: ReturnType<typeof renderList>['user']) {
  await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
  await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
  return screen.findByRole('dialog', { name: 'Add Parameter' });
}

describe('ParameterList', () => {
  it('shows the catalogue with its flags and filters on the server', async () => {
    const { api, user } = renderList();
    const table = await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
    expect(within(table).getByRole('row', { name: /PM 10/ })).toHaveTextContent('pm_10');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'so2');
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.url.includes('search=so2') && call.url.includes('pageSize=20')),
      ).toBe(true),
    );
  });

  it("shows a parameter's units with the CPCB unit and the factor to the standard unit", async () => {
    const { user } = renderList({
      'GET /api/parameters/2/units': () =>
        jsonResponse({
          parameterId: 2,
          stdUnit: 'mg/Nm3',
          cpcbUnit: 'mg/Nm3',
          spcbUnit: 'mg/Nm3',
          molecularWeight: 64.07,
          units: [
            { code: 'mg/Nm3', label: 'mg/Nm³', toStandard: 1, isStandard: true, isCpcb: true, isSpcb: true },
            {
              code: 'ppm',
              label: 'ppm',
              toStandard: 2.859036144578313,
              isStandard: false,
              isCpcb: false,
              isSpcb: false,
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('button', { name: /^Units of SO2 \(/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Units of SO2' });
    const ppm = await within(dialog).findByRole('row', { name: /ppm/ });
    expect(ppm).toHaveTextContent('2.85904');
    const standard = within(dialog).getByRole('row', { name: /^mg\/Nm³/ });
    expect(standard).toHaveTextContent('Standard');
    expect(standard).toHaveTextContent('CPCB');
    expect(within(dialog).getByText(/molecular weight of 64\.07 g\/mol/)).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    renderList({ 'GET /api/parameters': () => jsonResponse(pageOf([])) });
    expect(await screen.findByText('No parameters yet')).toBeInTheDocument();
  });
});

// The dialog has many comboboxes; typing into it under jsdom is slow on a busy machine.
describe('ParametersEditDialog', () => {
  it('generates name, key and metric live from the label and the CAAQMS prefix', async () => {
    const { user } = renderList();
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'PM-2.5 Ambient');
    expect(within(dialog).getByTestId('generated-name')).toHaveTextContent('pm2.5_ambient');
    expect(within(dialog).getByTestId('generated-key')).toHaveTextContent('pm2.5_ambient');
    expect(within(dialog).getByTestId('generated-metric')).toHaveTextContent('pm2.5.ambient');

    await user.click(within(dialog).getByRole('checkbox', { name: /CAAQMS prefix/ }));
    expect(within(dialog).getByText('CAAQMS PM-2.5 Ambient')).toBeInTheDocument();
    expect(within(dialog).getByTestId('generated-key')).toHaveTextContent('caaqms_pm2.5_ambient');
    expect(within(dialog).getByTestId('generated-metric')).toHaveTextContent('caaqms.pm2.5.ambient');
  });

  it('shows the CAAQMS message for an empty CAAQMS label and sends nothing', async () => {
    const { user, api } = renderList();
    const dialog = await openAddDialog(user);

    await chooseOption(user, /^Type/, 'CAAQMS', dialog);
    await chooseOption(user, /Measured at/, 'Ambient air (CAAQMS)', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Parameter' }));

    expect(
      await within(dialog).findByText('Parameter label must have a value with CAAQMS.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a duplicate name under the label', async () => {
    const { user, api } = renderList({
      'POST /api/parameters': () => errorResponse(409, 'PARAMETER_EXISTS', 'Parameter already exists.'),
    });
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'PM 10');
    await chooseOption(user, /Measured at/, 'Stack', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Parameter' }));

    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Parameter already exists.')).toBeInTheDocument();
    const body = JSON.parse(String(api.calls.find((call) => call.method === 'POST')?.init.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      label: 'PM 10',
      type: 'NORMAL',
      mtype: 'stack',
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isConversion: true,
      showWidget: true,
    });
  });

  it('sends a functional parameter with its base parameter but never its colour', async () => {
    const created = parameter(3, 'PM 10 Trend', { type: 'FUNCTIONAL', baseParamId: 1, isLinear: true });
    const { user, api } = renderList({ 'POST /api/parameters': () => jsonResponse(created, 201) });
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'PM 10 Trend');
    await chooseOption(user, /^Type/, 'Functional', dialog);
    await chooseOption(user, /Measured at/, 'Stack', dialog);
    await chooseOption(user, /Base parameter/, 'PM 10', dialog);
    await user.click(within(dialog).getByRole('switch', { name: 'Linear' }));
    const colour = within(dialog).getByRole('textbox', { name: /Display colour/ });
    await user.clear(colour);
    await user.type(colour, '#ff0000');
    await user.click(within(dialog).getByRole('button', { name: 'Add Parameter' }));

    expect(await screen.findByText('Parameter Added Successfully.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    const sent = String(post?.init.body);
    expect(sent).not.toMatch(/colou?r|#ff0000/i);
    const body = JSON.parse(sent) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'FUNCTIONAL', baseParamId: 1, isLinear: true });
    // Every key sent is one the API accepts.
    expect(parameterBodySchema.safeParse(body).success).toBe(true);
    expect(
      api.calls.some(
        (call) =>
          call.method === 'GET' && call.url.includes('type=NORMAL') && call.url.includes('pageSize=100'),
      ),
    ).toBe(true);
  });

  it('says "Parameter Edited Successfully." after an edit and sends the version', async () => {
    const { user, api } = renderList({
      'PUT /api/parameters/2': () => jsonResponse(parameter(2, 'SO2 Stack', { version: 2 })),
    });
    const table = await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Edit SO2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Parameter' });
    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await user.clear(label);
    await user.type(label, 'SO2 Stack');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Parameter Edited Successfully.')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ label: 'SO2 Stack', version: 1 });
  });

  it('says "Error in Editing Parameter." when saving fails', async () => {
    const { user } = renderList({
      'PUT /api/parameters/1': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Edit PM 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Parameter' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error in Editing Parameter.')).toBeInTheDocument();
  });

  it('says "Error in deleting." when a delete fails', async () => {
    const { user } = renderList({
      'DELETE /api/parameters/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Delete SO2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error in deleting.')).toBeInTheDocument();
  });

  it('says what still uses a parameter when the server refuses to delete it', async () => {
    const message =
      'This parameter is used by the derived parameter "SO2 Mass Emission" and cannot be deleted.';
    const { user } = renderList({
      'DELETE /api/parameters/2': () =>
        errorResponse(409, 'PARAMETER_IN_USE', 'Refused.', undefined, {
          action: 'delete',
          usedByKind: 'derived',
          usedBy: 'SO2 Mass Emission',
        }),
    });
    const table = await screen.findByRole('table', { name: /Parameters 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Delete SO2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
