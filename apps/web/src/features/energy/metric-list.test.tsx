import { screen, waitFor, within } from '@testing-library/react';
import type { EnergyMetric } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MetricAddPage } from './metric-add-page';
import { MetricList } from './metric-list';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const metric = (id: number, key: string, label: string, value: EnergyMetric['value']): EnergyMetric => ({
  id,
  key,
  label,
  value,
  status: 'ENABLED',
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const METRICS = [
  metric(1, 'daily_consumption', 'Daily consumption', 'sum'),
  metric(2, 'peak_demand', 'Peak demand', 'max'),
];
const pageOf = (items: EnergyMetric[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

function renderAt(route: string, handlers: Parameters<typeof createApiMock>[0] = {}) {
  const api = createApiMock({
    'GET /api/energy/metrics': () => jsonResponse(pageOf(METRICS)),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/metric" element={<MetricList />} />
        <Route path="/addMetric" element={<MetricAddPage />} />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

describe('Metrics', () => {
  it('lists the metrics with their aggregation and searches on the server', async () => {
    const { user, api } = renderAt('/metric');
    const table = await screen.findByRole('table', { name: /Metrics 1–2 of 2/ });
    expect(within(table).getByRole('row', { name: /peak_demand/ })).toHaveTextContent('Maximum');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'peak');
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('search=peak'))).toBe(true));
  });

  it('adds a metric with the key typed in capitals stored lower-case, and refuses a bad key first', async () => {
    const { user, api } = renderAt('/addMetric', {
      'POST /api/energy/metrics': () => jsonResponse(metric(3, 'avg_load', 'Average load', 'avg'), 201),
    });
    const key = await screen.findByRole('textbox', { name: /^Key/ });
    await user.type(key, 'avg load');
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Average load');
    await user.click(screen.getByRole('button', { name: 'Add Metric' }));
    expect(
      await screen.findByText('Use 2 to 50 lower-case letters, digits, underscores or dots.'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(key);
    await user.type(key, 'Avg_Load');
    await user.click(screen.getByRole('textbox', { name: /^Aggregation/ }));
    await user.click(await screen.findByRole('option', { name: 'Average', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add Metric' }));

    expect(await screen.findByText('Metric Added Successfully.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      key: 'avg_load',
      label: 'Average load',
      value: 'avg',
    });
    // The list opens on the new metric.
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'GET' && call.url.includes('search=avg_load'))).toBe(
        true,
      ),
    );
  });

  it('edits in a dialog with the version; says "Error in updating" when the save fails', async () => {
    const { user, api } = renderAt('/metric', {
      'PUT /api/energy/metrics/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: /Metrics 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Edit peak_demand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Metric' });
    expect(within(dialog).getByRole('textbox', { name: /^Key/ })).toHaveValue('peak_demand');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error in updating')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({
      key: 'peak_demand',
      value: 'max',
      version: 2,
    });
  });

  it('shows a key another metric has under the key, and sends nothing more', async () => {
    const { user, api } = renderAt('/addMetric', {
      'POST /api/energy/metrics': () => errorResponse(409, 'METRIC_EXISTS', 'Refused.'),
    });
    const key = await screen.findByRole('textbox', { name: /^Key/ });
    await user.type(key, 'peak_demand');
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Peak');
    await user.click(screen.getByRole('textbox', { name: /^Aggregation/ }));
    await user.click(await screen.findByRole('option', { name: 'Maximum', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add Metric' }));

    expect(await screen.findByText('A metric with this key already exists.')).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('asks before deleting and names the energy parameter that still uses the metric', async () => {
    const { user, api } = renderAt('/metric', {
      // Worded from the code and the parameter it names, not from the server's text.
      'DELETE /api/energy/metrics/1': () =>
        errorResponse(409, 'METRIC_IN_USE', 'Refused.', undefined, { usedBy: 'Grid Energy' }),
    });
    const table = await screen.findByRole('table', { name: /Metrics 1–2 of 2/ });
    await user.click(within(table).getByRole('button', { name: 'Delete daily_consumption' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Do you really want to delete the metric "daily_consumption"?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Delete daily_consumption' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This metric is used by the energy parameter "Grid Energy" and cannot be deleted.',
      ),
    ).toBeInTheDocument();
  });
});
