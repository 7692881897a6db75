import { screen, waitFor, within } from '@testing-library/react';
import { modelBodySchema, type Make, type Model, type ModelType, type Parameter } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { ModelList } from './model-list';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const SICK: Make = { id: 4, name: 'SICK', type: 'Analyser', modelCount: 2, version: 1 };

const MODELS: Model[] = [
  {
    id: 21,
    name: 'GM35',
    modelType: 'CEMS',
    make: { id: 4, name: 'SICK', type: 'Analyser' },
    parameterIds: [31, 32],
    version: 3,
  },
  {
    id: 22,
    name: 'MCS100FT',
    modelType: null,
    make: { id: 4, name: 'SICK', type: 'Analyser' },
    parameterIds: [],
    version: 1,
  },
];

const MODEL_TYPES: ModelType[] = [
  { id: 1, type: 'CAAQMS', description: null, modelCount: 0, status: 'ENABLED', version: 1 },
  { id: 2, type: 'CEMS', description: null, modelCount: 1, status: 'ENABLED', version: 1 },
];

const catalogueParameter = (id: number, label: string, stdUnit: string): Parameter => {
  const name = label.toLowerCase().replace(/\s+/g, '_');
  return {
    id,
    name,
    label,
    mtype: 'general',
    type: 'NORMAL',
    paramKey: name,
    paramMetric: name.replace(/_/g, '.'),
    stdUnit,
    defaultStdUnit: stdUnit,
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
};

const CATALOGUE = [
  catalogueParameter(31, 'Sulphur Dioxide', 'mg/Nm3'),
  catalogueParameter(32, 'Nitrogen Oxides', 'mg/Nm3'),
  catalogueParameter(33, 'Carbon Monoxide', 'mg/Nm3'),
];

type Handlers = Parameters<typeof createApiMock>[0];

function Address() {
  return <output aria-label="Address">{useLocation().pathname}</output>;
}

function renderModels(route: string, handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/make/4': () => jsonResponse(SICK),
    'GET /api/modelByMake/4': () => jsonResponse(MODELS),
    'GET /api/modelTypes': () => jsonResponse(MODEL_TYPES),
    'GET /api/parameters': () =>
      jsonResponse({
        items: CATALOGUE,
        page: 1,
        pageSize: 25,
        total: CATALOGUE.length,
        totalKind: 'exact',
        pageCount: 1,
      }),
    'GET /api/models/21/params': () =>
      jsonResponse(
        CATALOGUE.slice(0, 2).map(({ id, name, label, mtype, stdUnit, isCounter }) => ({
          id,
          name,
          label,
          mtype,
          stdUnit,
          isCounter,
        })),
      ),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/makes/:makeId/models" element={<ModelList />} />
        <Route path="/makes/:makeId/models/add" element={<ModelList />} />
      </Routes>
      <Address />
    </>,
    { route },
  );
  return { ...view, api };
}

const sentBody = (api: ReturnType<typeof renderModels>['api'], method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

describe('ModelList', () => {
  it("lists the make's models with their model type and parameters counted", async () => {
    renderModels('/makes/4/models');

    expect(await screen.findByRole('heading', { level: 1, name: 'Models of SICK' })).toBeInTheDocument();
    expect(screen.getByText('Analyser')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All makes/ })).toHaveAttribute('href', '/makes');
    const table = await screen.findByRole('table', { name: 'Models of SICK (2)' });
    const gm35 = within(table).getByRole('row', { name: /GM35/ });
    expect(
      within(gm35)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['GM35', 'CEMS', '2', 'Edit']);
    const mcs = within(table).getByRole('row', { name: /MCS100FT/ });
    expect(within(mcs).getAllByRole('cell')[1]).toHaveTextContent('—');
    expect(within(mcs).getByRole('button', { name: 'Edit MCS100FT' })).toBeInTheDocument();
  });

  it('says so when the make does not exist', async () => {
    renderModels('/makes/9/models', {
      'GET /api/make/9': () => errorResponse(404, 'NOT_FOUND', 'Make not found.'),
      'GET /api/modelByMake/9': () => errorResponse(404, 'NOT_FOUND', 'Make not found.'),
    });
    expect(await screen.findByText('This make does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds a model with a model type and a parameter, the dialog following the address', async () => {
    const created: Model = {
      ...MODELS[1]!,
      id: 23,
      name: 'FLOWSIC100',
      modelType: 'CEMS',
      parameterIds: [33],
    };
    const { user, api } = renderModels('/makes/4/models', {
      'POST /api/model': () => jsonResponse(created, 201),
    });
    await screen.findByRole('table', { name: 'Models of SICK (2)' });

    await user.click(screen.getByRole('button', { name: 'Add model' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/makes/4/models/add');
    const dialog = await screen.findByRole('dialog', { name: 'Add model to SICK' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'FLOWSIC100');
    await chooseOption(user, /^Model type/, 'CEMS', dialog);
    await chooseOption(user, /^Parameters it measures/, /Carbon Monoxide/, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add model' }));

    expect(await screen.findByText('Model added.')).toBeInTheDocument();
    const body = sentBody(api, 'POST');
    expect(body).toEqual({ name: 'FLOWSIC100', makeId: 4, modelType: 'CEMS', parameterIds: [33] });
    expect(modelBodySchema.safeParse(body).success).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/makes\/4\/models$/);
  });

  it('opens the add dialog from its address and marks a name the make already has', async () => {
    const { user, api } = renderModels('/makes/4/models/add', {
      'POST /api/model': () => errorResponse(409, 'MODEL_EXISTS', 'Taken.'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add model to SICK' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'GM35');
    await user.click(within(dialog).getByRole('button', { name: 'Add model' }));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('This make already has a model with this name.');
    expect(await screen.findByText('The model could not be saved.')).toBeInTheDocument();
    expect(sentBody(api, 'POST')).toEqual({ name: 'GM35', makeId: 4, modelType: null, parameterIds: [] });

    // Opened by its address, the dialog closes to the list.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/makes\/4\/models$/),
    );
  });

  it('offers to reload a model changed by someone else, then saves from the new version', async () => {
    let stored = MODELS;
    const { user, api } = renderModels('/makes/4/models', {
      'GET /api/modelByMake/4': () => jsonResponse(stored),
      'PUT /api/model/22': () =>
        api.calls.filter((call) => call.method === 'PUT').length === 1
          ? errorResponse(409, 'STALE_VERSION', 'Changed.')
          : jsonResponse({ ...stored[1]!, version: 3 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit MCS100FT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const conflict = await within(dialog).findByRole('alert', { name: /Changed by someone else/ });
    stored = [MODELS[0]!, { ...MODELS[1]!, name: 'MCS100E', version: 2 }];
    await user.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('MCS100E'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Model updated.')).toBeInTheDocument();
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(JSON.parse(String(puts[1]?.init.body))).toMatchObject({ name: 'MCS100E', version: 2 });
  });

  it('edits a model from its version, its parameters shown by name', async () => {
    const { user, api } = renderModels('/makes/4/models', {
      'PUT /api/model/21': () => jsonResponse({ ...MODELS[0]!, name: 'GM35 Ex', version: 4 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit GM35' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    expect(await within(dialog).findByText('Sulphur Dioxide')).toBeInTheDocument();
    expect(within(dialog).getByText('Nitrogen Oxides')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'GM35 Ex');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Model updated.')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toEqual({
      name: 'GM35 Ex',
      makeId: 4,
      modelType: 'CEMS',
      parameterIds: [31, 32],
      version: 3,
    });
  });
});
