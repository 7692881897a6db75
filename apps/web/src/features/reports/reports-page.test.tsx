import { screen, waitFor, within } from '@testing-library/react';
import type { Report, ReportPoint } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { REPORT_POLL_MS } from './api';
import { ReportsPage } from './reports-page';
import { indiaDay } from './reports-text';

const TENANT_ID = 21;

const pageOf = <T,>(items: T[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

const POINTS: ReportPoint[] = [
  {
    id: 4,
    name: 'Kiln Stack',
    entityType: 'stack',
    parameters: [
      { id: 11, label: 'PM', unit: 'mg/Nm3', limit: 50 },
      { id: 12, label: 'SO2', unit: 'mg/Nm3', limit: 100 },
    ],
  },
];

function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 7,
    tenantId: TENANT_ID,
    tenantName: 'Deccan Cement Works',
    monitoringPointId: 4,
    monitoringPointName: 'Kiln Stack',
    parameters: [{ id: 11, label: 'PM', unit: 'mg/Nm3' }],
    from: '2026-11-26',
    to: '2026-11-26',
    resolution: 'HOURLY',
    status: 'RUNNING',
    progress: 40,
    error: null,
    rowCount: null,
    scheduleId: null,
    requestedBy: 'EHS Head',
    createdAt: '2026-11-27T05:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function render(handlers: Parameters<typeof createApiMock>[0]) {
  setStoredUser(
    buildUser({
      userType: 'tenant',
      role: 'user',
      account: {
        id: TENANT_ID,
        name: 'Deccan Cement Works',
        type: 'tenant',
        status: 'ENABLED',
        partnerId: 4,
        corporateId: null,
      },
    }),
  );
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/reports" element={<ReportsPage />} />
    </Routes>,
    { route: '/reports' },
  );
  return { ...view, api };
}

describe('ReportsPage', () => {
  it('follows a report being made until it is ready, then offers its PDF and CSV', async () => {
    let asked = 0;
    render({
      'GET /api/report/params': () => jsonResponse(POINTS),
      'GET /api/reports': () => {
        asked += 1;
        return jsonResponse(
          pageOf([asked === 1 ? report() : report({ status: 'DONE', progress: 100, rowCount: 24 })]),
        );
      },
    });
    const table = await screen.findByRole('table', { name: 'Reports 1–1 of 1' });
    const progress = within(table).getByRole('progressbar', { name: 'Progress of report 7' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(within(table).getByText('Being made')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'CSV of report 7' })).toBeNull();

    // Asked again while it is being made: it turns ready, with its files.
    const csv = await within(table).findByRole(
      'link',
      { name: 'CSV of report 7' },
      { timeout: REPORT_POLL_MS * 3 },
    );
    expect(csv).toHaveAttribute('href', '/api/downloadReports?id=7&format=csv');
    expect(within(table).getByRole('link', { name: 'PDF of report 7' })).toHaveAttribute(
      'href',
      '/api/downloadReports?id=7&format=pdf',
    );
    expect(within(table).queryByRole('progressbar')).toBeNull();
    expect(within(table).getByText('Ready')).toBeInTheDocument();
  });

  it('requests a report of the industry’s own point after saying what is missing, and shows a refusal under its field', async () => {
    let refuse = true;
    const { user, api } = render({
      'GET /api/report/params': () => jsonResponse(POINTS),
      'GET /api/reports': () => jsonResponse(pageOf([])),
      [`POST /api/reports/${TENANT_ID}`]: () =>
        refuse
          ? errorResponse(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
              {
                path: 'parameterIds',
                message: 'Choose parameters measured at this monitoring point.',
                code: 'FIELD_UNKNOWN',
              },
            ])
          : jsonResponse(report({ status: 'QUEUED', progress: 0 }), 201),
    });
    const form = await screen.findByRole('region', { name: 'Request a report' });
    expect(await screen.findByText('No reports yet.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Request report' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await chooseOption(user, /^Monitoring point/, 'Kiln Stack', form);
    await chooseOption(user, /^Parameters/, 'SO2 (mg/Nm³)', form);
    await user.click(within(form).getByRole('button', { name: 'Request report' }));
    expect(
      await within(form).findByText('Choose parameters measured at this monitoring point.'),
    ).toBeInTheDocument();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Request report' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const sent = api.calls.filter((call) => call.method === 'POST')[1]!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      monitoringPointId: 4,
      parameterIds: [12],
      from: indiaDay(-1),
      to: indiaDay(-1),
      resolution: 'HOURLY',
    });
  });
});
