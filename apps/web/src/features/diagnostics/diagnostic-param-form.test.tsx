import { screen, waitFor, within } from '@testing-library/react';
import {
  diagnosticParamBodySchema,
  DIAGNOSTIC_MODEL_TAKEN_MESSAGE,
  type DiagnosticParam,
  type Parameter,
} from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { DiagnosticParamAddPage, DiagnosticParamEditPage } from './diagnostic-param-form';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

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
  catalogueParameter(31, 'Cell Temperature', 'degC'),
  catalogueParameter(32, 'Zero Drift', '%'),
];
const MAKES = [
  { id: 3, name: 'Horiba', type: 'Analyser', modelCount: 1, version: 1 },
  { id: 4, name: 'SICK', type: 'Analyser', modelCount: 1, version: 1 },
];
const MODELS = [
  {
    id: 12,
    name: 'APMA-370',
    modelType: 'CAAQMS',
    make: { id: 3, name: 'Horiba', type: 'Analyser' },
    parameterIds: [],
    version: 1,
  },
];

const setUp: DiagnosticParam = {
  id: 7,
  tenant: null,
  model: { id: 12, name: 'APMA-370', make: { id: 3, name: 'Horiba' } },
  parameters: [{ id: 31, label: 'Cell Temperature', paramKey: 'cell_temperature', stdUnit: 'degC' }],
  paramIds: [31],
  isRemoteCalibration: false,
  isCalibrationThroughUtility: false,
  dataUploadMethod: null,
  status: 'ENABLED',
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderForm(route: string, handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/Analyser/make': () => jsonResponse(MAKES),
    'GET /api/modelByMake/3': () => jsonResponse(MODELS),
    'GET /api/parameters': () =>
      jsonResponse({
        items: CATALOGUE,
        page: 1,
        pageSize: 25,
        total: CATALOGUE.length,
        totalKind: 'exact',
        pageCount: 1,
      }),
    'GET /api/diagnosticParams/7': () => jsonResponse(setUp),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/addDiagnosticParam" element={<DiagnosticParamAddPage />} />
        <Route path="/editDiagnosticParam/:diagnosticParamId" element={<DiagnosticParamEditPage />} />
        <Route path="/diagnosticParams" element={<p>The list</p>} />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

const sentBody = (api: ReturnType<typeof renderForm>['api'], method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

describe('DiagnosticParamForm', () => {
  it('labels the remote calibration switch ENABLED / DISABLED and needs an upload method through the utility', async () => {
    const created = { ...setUp, isRemoteCalibration: true };
    const { user, api } = renderForm('/addDiagnosticParam', {
      'POST /api/diagnosticParams': () => jsonResponse(created, 201),
    });
    await screen.findByRole('heading', { name: 'Add Diagnostic Param' });

    const remote = screen.getByRole('switch', { name: /Remote calibration/ });
    expect(remote).toHaveAccessibleName('Remote calibration DISABLED');
    await user.click(remote);
    expect(remote).toHaveAccessibleName('Remote calibration ENABLED');
    expect(screen.getByText('ENABLED')).toBeInTheDocument();

    await chooseOption(user, /^Make/, 'Horiba');
    await chooseOption(user, /^Model/, /APMA-370/);
    await chooseOption(user, /^Parameters/, /Cell Temperature/);

    // The upload method shows only once calibration runs through the utility, and is then required.
    expect(screen.queryByRole('radiogroup', { name: /Upload method/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Calibration through utility No' }));
    expect(screen.getByRole('radio', { name: 'IOT-EDGE' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add Diagnostic Param' }));
    expect(
      await screen.findByText(/Choose the upload method \(IOT-EDGE or IOT-Gateway\)/),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'IOT-EDGE' }));
    await user.click(screen.getByRole('button', { name: 'Add Diagnostic Param' }));
    expect(await screen.findByText('Diagnostic Param Added Successfully')).toBeInTheDocument();
    expect(await screen.findByText('The list')).toBeInTheDocument();
    const body = sentBody(api, 'POST');
    expect(body).toEqual({
      tenantId: null,
      modelId: 12,
      paramIds: [31],
      isRemoteCalibration: true,
      isCalibrationThroughUtility: true,
      dataUploadMethod: 'IOT-EDGE',
    });
    expect(diagnosticParamBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses to save without parameters or a model and sends nothing', async () => {
    const { user, api } = renderForm('/addDiagnosticParam');
    await screen.findByRole('heading', { name: 'Add Diagnostic Param' });
    await user.click(screen.getByRole('button', { name: 'Add Diagnostic Param' }));

    expect(await screen.findByText('Choose at least one parameter.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Model/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits from the current version and says "Updated successfully."', async () => {
    const { user, api } = renderForm('/editDiagnosticParam/7', {
      'PUT /api/diagnosticParams/7': () => jsonResponse({ ...setUp, version: 5 }),
    });
    const remote = await screen.findByRole('switch', { name: /Remote calibration/ });
    // The model shows at once, with its type once the make's models are here.
    expect(screen.getByRole('textbox', { name: /^Make/ })).toHaveValue('Horiba');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Model/ })).toHaveValue('APMA-370 (CAAQMS)'),
    );
    await user.click(remote);
    await chooseOption(user, /^Parameters/, /Zero Drift/);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Updated successfully.')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toMatchObject({
      modelId: 12,
      paramIds: [31, 32],
      isRemoteCalibration: true,
      dataUploadMethod: null,
      version: 4,
    });
  });

  it('shows a stale version as a conflict with a reload', async () => {
    const { user } = renderForm('/editDiagnosticParam/7', {
      'PUT /api/diagnosticParams/7': () => errorResponse(409, 'STALE_VERSION', 'Changed.'),
    });
    await screen.findByRole('switch', { name: /Remote calibration/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const conflict = await screen.findByRole('alert', { name: /Changed by someone else/ });
    expect(within(conflict).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
  });

  it('shows the server refusal on the field and "Error in updating"', async () => {
    const { user } = renderForm('/editDiagnosticParam/7', {
      'PUT /api/diagnosticParams/7': () => errorResponse(409, 'DIAGNOSTIC_MODEL_TAKEN', 'Refused.'),
    });
    await screen.findByRole('switch', { name: /Remote calibration/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error in updating')).toBeInTheDocument();
    expect(screen.getByText(DIAGNOSTIC_MODEL_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Model/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
  });
});
