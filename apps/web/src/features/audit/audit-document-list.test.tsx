import { screen, waitFor } from '@testing-library/react';
import type { AuditDocument, Page } from '@vayu/domain';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuditDocumentList } from './audit-document-list';

const page: Page<AuditDocument> = {
  items: [
    {
      id: 41,
      document: { id: 41, entity: 'user', action: 'STATUS_CHANGE', createdAt: '2026-03-10T06:15:00.000Z' },
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
  totalKind: 'exact',
  pageCount: 1,
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderDocuments(route: string, handler: Parameters<typeof createApiMock>[0][string]) {
  const api = createApiMock({ 'GET /api/auditLog': handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/mongo/auditLog"
        element={
          <>
            <AuditDocumentList />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

const documentCalls = (api: ReturnType<typeof createApiMock>) =>
  api.calls.filter((call) => call.url.startsWith('/api/auditLog'));

describe('AuditDocumentList', () => {
  it('searches by a field and value through the URL', async () => {
    const { user, api } = renderDocuments('/mongo/auditLog', () => jsonResponse(page));
    expect(await screen.findByText('Documents found: 1')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Field path/ }), 'entity');
    await user.type(screen.getByRole('textbox', { name: /^Value/ }), 'user');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/mongo/auditLog?field=entity&value=user'),
    );
    await waitFor(() =>
      expect(documentCalls(api).at(-1)?.url).toBe('/api/auditLog?field=entity&value=user&page=1'),
    );
  });

  it('checks a record kind against the closed list before searching', async () => {
    const { user, api } = renderDocuments('/mongo/auditLog', () => jsonResponse(page));
    await screen.findByText('Documents found: 1');
    await user.type(screen.getByRole('textbox', { name: /^Field path/ }), 'entity');
    await user.type(screen.getByRole('textbox', { name: /^Value/ }), 'tenant');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/^Use one of account, user/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/mongo\/auditLog$/);
    expect(documentCalls(api)).toHaveLength(1);
  });

  it('shows what the server refused under the field it names', async () => {
    renderDocuments('/mongo/auditLog?field=password&value=x', () =>
      errorResponse(400, 'VALIDATION_FAILED', 'The search is not valid.', [
        { path: 'querystring.field', message: 'Unknown field.', code: 'FIELD_INVALID' },
        { path: 'querystring.value', message: 'Enter a value to search for', code: 'FIELD_REQUIRED' },
      ]),
    );
    expect(await screen.findByText('Unknown field.')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });
});
