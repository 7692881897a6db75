import { screen, waitFor } from '@testing-library/react';
import { exportsEndpoints } from '@vayu/domain';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { setManageTenantId } from '../../app/session-storage';
import { buildUser, createApiMock, errorResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ExportCsvButton } from './export-csv-button';

/** Catches the file the button saves: the name of each link it clicks. */
function catchSavedFiles() {
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:export'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  onTestFinished(() => {
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}

const CSV_HEADERS = {
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': 'attachment; filename="tenants-2026-11-27.csv"',
};

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));
afterEach(() => setManageTenantId(null));

describe('ExportCsvButton', () => {
  it('downloads the export with the list’s filters and the console’s headers, busy until the file is saved', async () => {
    const saved = catchSavedFiles();
    setManageTenantId(21);
    let answer: (response: Response) => void = () => undefined;
    const api = createApiMock({
      'GET /api/tenants/export': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { user } = renderWithProviders(
      <ExportCsvButton
        endpoint={exportsEndpoints.exportTenants}
        query={{ page: 3, pageSize: 9, search: 'cement', status: 'DISABLED', partnerId: undefined }}
      />,
    );

    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    const call = api.calls[0]!;
    const url = new URL(call.url, 'http://console.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'cement', status: 'DISABLED' });
    const headers = new Headers(call.init.headers);
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(headers.get('x-tenant-id')).toBe('21');
    expect(saved).toEqual([]);

    answer(new Response('\ufeffID,Name\r\n7,Deccan Cement Works\r\n', { status: 200, headers: CSV_HEADERS }));
    await waitFor(() => expect(saved).toEqual(['tenants-2026-11-27.csv']));
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });

  it('says why when the export is refused, and saves nothing', async () => {
    const saved = catchSavedFiles();
    const api = createApiMock({
      'GET /api/users/export': () =>
        errorResponse(403, 'FORBIDDEN', 'You may not list the users of this corporate.'),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { user } = renderWithProviders(
      <ExportCsvButton endpoint={exportsEndpoints.exportUsers} query={{ corporateId: 4 }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
