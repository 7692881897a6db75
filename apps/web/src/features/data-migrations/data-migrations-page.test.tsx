import { screen, waitFor, within } from '@testing-library/react';
import type { DataMigration, DataMigrationDetail } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { DialogHost } from '../../components/dialogs';
import { buildUser, createApiMock, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DATA_MIGRATION_POLL_MS } from './api';
import { DataMigrationsPage } from './data-migrations-page';

const TENANT_ID = 21;

const pageOf = <T,>(items: T[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  totalKind: 'exact',
  pageCount: 1,
});

function migration(overrides: Partial<DataMigration> = {}): DataMigration {
  return {
    id: 7,
    tenantId: TENANT_ID,
    tenantName: 'Deccan Cement Works',
    source: 'CSV',
    sourceTenantId: null,
    sourceTenantName: null,
    from: null,
    to: null,
    fileName: 'history.csv',
    status: 'CHECKING',
    progress: 40,
    totalRows: null,
    validRows: null,
    importedRows: null,
    errorCount: 0,
    failure: null,
    createdBy: 'EHS Head',
    createdAt: '2026-11-27T05:00:00.000Z',
    checkedAt: null,
    importedBy: null,
    finishedAt: null,
    ...overrides,
  };
}

const detail = (overrides: Partial<DataMigrationDetail> = {}): DataMigrationDetail => ({
  ...migration(),
  errors: [],
  ...overrides,
});

function render(handlers: Parameters<typeof createApiMock>[0], route = '/dataMigration') {
  setStoredUser(
    buildUser({
      userType: 'tenant',
      role: 'admin',
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
    <>
      <Routes>
        <Route path="/dataMigration" element={<DataMigrationsPage />} />
      </Routes>
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, api };
}

describe('DataMigrationsPage', () => {
  it('follows a migration being checked until its rows in error show', async () => {
    let asked = 0;
    render({
      'GET /api/dataMigration': () => {
        asked += 1;
        return jsonResponse(
          pageOf([
            asked === 1
              ? migration()
              : migration({ status: 'REJECTED', progress: 100, totalRows: 3, validRows: 2, errorCount: 1 }),
          ]),
        );
      },
    });
    const table = await screen.findByRole('table', { name: 'Migrations 1–1 of 1' });
    expect(within(table).getByRole('progressbar', { name: 'Progress of migration 7' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(table).getByText('Checking')).toBeInTheDocument();
    expect(
      await within(table).findByText('Rows in error', undefined, { timeout: DATA_MIGRATION_POLL_MS * 3 }),
    ).toBeInTheDocument();
    expect(within(table).getByText('3 rows, 1 in error')).toBeInTheDocument();
    expect(within(table).queryByRole('progressbar')).toBeNull();
  });

  it('shows the empty list', async () => {
    render({ 'GET /api/dataMigration': () => jsonResponse(pageOf([])) });
    expect(await screen.findByText('No data migrations yet.')).toBeInTheDocument();
  });

  it('shows the row errors of a migration and imports a checked one after a confirmation naming the rows', async () => {
    let status: DataMigration['status'] = 'CHECKED';
    const { user, api } = render(
      {
        'GET /api/dataMigration': () =>
          jsonResponse(pageOf([migration({ status, progress: 100, totalRows: 1250, validRows: 1250 })])),
        'GET /api/dataMigration/7': () =>
          jsonResponse(detail({ status, progress: 100, totalRows: 1250, validRows: 1250 })),
        'POST /api/dataMigration/7/import': () => {
          status = 'IMPORTING';
          return jsonResponse(detail({ status }));
        },
      },
      '/dataMigration?id=7',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Data migration 7' });
    expect(await within(dialog).findByText('No row is in error.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Import the readings?' });
    expect(confirm).toHaveTextContent('Import 1,250 readings into Deccan Cement Works?');
    await user.click(within(confirm).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(await within(dialog).findByText('Importing')).toBeInTheDocument();
  });

  it('lists each row error with its line, column and problem, and offers no import for a rejected one', async () => {
    render(
      {
        'GET /api/dataMigration': () => jsonResponse(pageOf([])),
        'GET /api/dataMigration/7': () =>
          jsonResponse(
            detail({
              status: 'REJECTED',
              progress: 100,
              totalRows: 3,
              validRows: 1,
              errorCount: 2,
              errors: [
                { row: 3, field: 'unit', code: 'UNIT_NOT_ALLOWED', message: 'x' },
                { row: 4, field: 'deviceSerial', code: 'UNKNOWN_DEVICE', message: 'x' },
              ],
            }),
          ),
      },
      '/dataMigration?id=7',
    );
    const table = await screen.findByRole('table', { name: 'The first 2 of 2 rows in error' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "3unitThe unit is not one this parameter's readings may arrive in.",
      '4deviceSerialThe industry has no enabled device with this serial number or id.',
    ]);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel migration' })).toBeInTheDocument();
  });
});
