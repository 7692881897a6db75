import { screen, waitFor, within } from '@testing-library/react';
import type { DiagnosticParam } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DiagnosticParamList } from './diagnostic-param-list';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const base = {
  parameters: [{ id: 31, label: 'Cell Temperature', paramKey: 'cell_temperature', stdUnit: 'degC' }],
  paramIds: [31],
  status: 'ENABLED' as const,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const SICK: DiagnosticParam = {
  ...base,
  id: 1,
  tenant: null,
  model: { id: 10, name: 'MCS100FT', make: { id: 4, name: 'SICK' } },
  isRemoteCalibration: true,
  isCalibrationThroughUtility: true,
  dataUploadMethod: 'IOT-EDGE',
};
const VAPI: DiagnosticParam = {
  ...base,
  id: 2,
  tenant: { id: 40, name: 'Vapi Agro Chemicals Pvt Ltd' },
  model: null,
  isRemoteCalibration: false,
  isCalibrationThroughUtility: false,
  dataUploadMethod: null,
};
const pageOf = (items: DiagnosticParam[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderList(handlers: Parameters<typeof createApiMock>[0] = {}, route = '/diagnosticParams') {
  const api = createApiMock({
    'GET /api/diagnosticParams': () => jsonResponse(pageOf([SICK, VAPI])),
    'GET /api/make': () =>
      jsonResponse([{ id: 4, name: 'SICK', type: 'Analyser', modelCount: 1, version: 1 }]),
    'GET /api/modelByMake/4': () =>
      jsonResponse([
        {
          id: 10,
          name: 'MCS100FT',
          modelType: 'CEMS',
          make: { id: 4, name: 'SICK', type: 'Analyser' },
          parameterIds: [],
          version: 1,
        },
      ]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route
          path="/diagnosticParams"
          element={
            <>
              <DiagnosticParamList />
              <Where />
            </>
          }
        />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

describe('DiagnosticParamList', () => {
  it('shows each set-up with its remote calibration state and upload method', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: /Diagnostic Params 1–2 of 2/ });
    const sick = within(table).getByRole('row', { name: /MCS100FT/ });
    expect(sick).toHaveTextContent('ENABLED');
    expect(sick).toHaveTextContent('Yes, via IOT-EDGE');
    const vapi = within(table).getByRole('row', { name: /Vapi Agro/ });
    expect(vapi).toHaveTextContent('DISABLED');
    expect(vapi).toHaveTextContent('Industry');
    expect(
      within(vapi).getByRole('link', { name: /Edit the diagnostic parameters of Vapi/ }),
    ).toHaveAttribute('href', '/editDiagnosticParam/2');
  });

  it('filters by make on the server and keeps it in the URL', async () => {
    const { api, user } = renderList();
    await screen.findByRole('table', { name: /Diagnostic Params 1–2 of 2/ });
    const make = screen.getByRole('textbox', { name: 'Make' });
    expect(screen.getByRole('textbox', { name: 'Model' })).toBeDisabled();
    await user.click(make);
    await user.click(await screen.findByRole('option', { name: 'SICK (Analyser)', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?makeId=4'));
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) => call.url.startsWith('/api/diagnosticParams?') && call.url.includes('makeId=4'),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('textbox', { name: 'Model' })).toBeEnabled();
  });

  it('drops the model chosen for one make when another make is chosen', async () => {
    const { api, user } = renderList(
      {
        'GET /api/make': () =>
          jsonResponse([
            { id: 4, name: 'SICK', type: 'Analyser', modelCount: 1, version: 1 },
            { id: 5, name: 'Horiba', type: 'Analyser', modelCount: 1, version: 1 },
          ]),
      },
      '/diagnosticParams?makeId=4&modelId=10&page=2',
    );
    await screen.findByRole('table', { name: /Diagnostic Params/ });
    expect(api.calls.some((call) => call.url.includes('makeId=4') && call.url.includes('modelId=10'))).toBe(
      true,
    );
    await user.click(screen.getByRole('textbox', { name: 'Make' }));
    await user.click(await screen.findByRole('option', { name: 'Horiba (Analyser)', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\?makeId=5$/));
  });

  it('does not send a model without its make', async () => {
    const { api } = renderList({}, '/diagnosticParams?modelId=10');
    await screen.findByRole('table', { name: /Diagnostic Params/ });
    const lists = api.calls.filter((call) => call.url.startsWith('/api/diagnosticParams?'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((call) => !call.url.includes('modelId'))).toBe(true);
  });

  it('asks before deleting and says when it failed', async () => {
    const { api, user } = renderList({
      'DELETE /api/diagnosticParams/1': () =>
        jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    await screen.findByRole('table', { name: /Diagnostic Params 1–2 of 2/ });
    await user.click(
      screen.getByRole('button', { name: 'Delete the diagnostic parameters of SICK MCS100FT' }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      'Do you really want to delete the diagnostic parameters of "SICK MCS100FT"?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error in deleting.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows an empty state', async () => {
    renderList({ 'GET /api/diagnosticParams': () => jsonResponse(pageOf([])) });
    expect(await screen.findByText('No diagnostic parameters yet')).toBeInTheDocument();
  });
});
