import { screen, waitFor, within } from '@testing-library/react';
import type { DerivedParameter } from '@vayu/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DerivedParameterList } from './derived-parameter-list';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const derived = (id: number, label: string, seriesNames: string[]): DerivedParameter => {
  const name = label.toLowerCase().replace(/\s+/g, '_');
  return {
    id,
    name,
    label,
    mtype: 'stack',
    paramKey: name,
    paramMetric: label.toLowerCase().replace(/\s+/g, '.'),
    stdUnit: 'kg/h',
    alertLabel: null,
    metricAgg: 'AVG',
    metricDownsampleAgg: 'AVGABS',
    isAlertEnabled: false,
    derivedStdParamList: seriesNames.map((seriesName, index) => ({
      id: id * 10 + index,
      derivedParamName: seriesName,
      derivedParamLabel: seriesName,
      derivedExpressionProperties: [
        { conditionalStatement: null, expressionParam: '1', dataSource: 'raw', unit: null },
      ],
    })),
    status: 'ENABLED',
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
};

const pageOf = (items: DerivedParameter[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

function renderList(handlers: Parameters<typeof createApiMock>[0] = {}) {
  const api = createApiMock({
    'GET /api/derivedParameters': () =>
      jsonResponse(
        pageOf([
          derived(1, 'SO2 Mass Emission', ['so2_rate', 'nox_rate']),
          derived(2, 'PM Index', ['pm_index']),
        ]),
      ),
    'GET /api/units': () => jsonResponse([{ code: 'kg/h', label: 'kg/h', quantity: 'mass-flow' }]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <DerivedParameterList />
      <DialogHost />
    </>,
    { route: '/derived-param-list' },
  );
  return { ...view, api };
}

describe('DerivedParameterList', () => {
  it('lists names, series and downsample aggregation, searching on the server', async () => {
    const { api, user } = renderList();
    const table = await screen.findByRole('table', { name: /Derived parameters 1–2 of 2/ });
    const row = within(table).getByRole('row', { name: /SO2 Mass Emission/ });
    expect(row).toHaveTextContent('so2_mass_emission');
    expect(row).toHaveTextContent('2 series');
    expect(row).toHaveTextContent('so2_rate, nox_rate');
    expect(row).toHaveTextContent('AVGABS');
    expect(within(row).getByRole('link', { name: 'Edit SO2 Mass Emission' })).toHaveAttribute(
      'href',
      '/add-derived-param?id=1',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'so2');
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.url.includes('search=so2') && call.url.includes('pageSize=20')),
      ).toBe(true),
    );
  });

  it('shows an empty state', async () => {
    renderList({ 'GET /api/derivedParameters': () => jsonResponse(pageOf([])) });
    expect(await screen.findByText('No derived parameters yet')).toBeInTheDocument();
  });

  it('asks before deleting and says why a delete was refused', async () => {
    const refusal =
      'This derived parameter is used in an expression of the derived parameter "PM Index" and cannot be deleted.';
    const { user, api } = renderList({
      // The wording comes from the code and its params, not from the server's text.
      'DELETE /api/derivedParameters/1': () =>
        errorResponse(409, 'DERIVED_PARAMETER_IN_USE', 'Refused.', undefined, {
          action: 'delete',
          usedBy: 'PM Index',
        }),
      'DELETE /api/derivedParameters/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: /Derived parameters 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Delete SO2 Mass Emission' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      'Do you really want to delete the derived parameter "SO2 Mass Emission"?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Delete SO2 Mass Emission' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete PM Index' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error in deleting.')).toBeInTheDocument();
  });
});
