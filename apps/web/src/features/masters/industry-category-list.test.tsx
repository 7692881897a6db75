import { act, screen, waitFor, within } from '@testing-library/react';
import type { IndustryCategory } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { i18n } from '../../i18n';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { IndustryCategoryList } from './industry-category-list';

const category = (id: number, name: string, tenantCount = 0): IndustryCategory => ({
  id,
  name,
  status: 'ENABLED',
  tenantCount,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(handlers: Handlers) {
  const api = createApiMock(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <IndustryCategoryList />
      <DialogHost />
    </>,
    { route: '/industry-category' },
  );
  return { ...view, api };
}

describe('IndustryCategoryList', () => {
  it('asks before deleting and deletes nothing on cancel', async () => {
    const { user, api } = renderList({
      'GET /api/industries': () => jsonResponse([category(1, 'Cement', 4), category(2, 'Sugar')]),
    });
    const table = await screen.findByRole('table', { name: 'Industry categories (2)' });

    await user.click(within(table).getByRole('button', { name: 'Delete Sugar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Do you really want to delete the category "Sugar"?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(within(table).getByRole('row', { name: /Sugar/ })).toBeInTheDocument();
  });

  it('deletes after the confirm, says "Category deleted successfully." and the row disappears', async () => {
    let rows = [category(1, 'Cement', 4), category(2, 'Sugar')];
    const { user, api } = renderList({
      'GET /api/industries': () => jsonResponse(rows),
      'DELETE /api/industry/2': () => {
        const deleted = { ...rows.find((row) => row.id === 2)!, status: 'DELETED' };
        rows = rows.filter((row) => row.id !== 2);
        return jsonResponse(deleted);
      },
    });
    const table = await screen.findByRole('table', { name: 'Industry categories (2)' });

    await user.click(within(table).getByRole('button', { name: 'Delete Sugar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Category deleted successfully.')).toBeInTheDocument();
    expect(screen.queryByText('Updated successfully.')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url === '/api/industry/2')).toBe(true);
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Sugar/ })).not.toBeInTheDocument());
  });

  it('says the category was deleted in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    const { user } = renderList({
      'GET /api/industries': () => jsonResponse([category(2, 'Sugar')]),
      'DELETE /api/industry/2': () => jsonResponse({ ...category(2, 'Sugar'), status: 'DELETED' }),
    });
    const table = await screen.findByRole('table', { name: 'उद्योग श्रेणियाँ (1)' });
    await user.click(within(table).getByRole('button', { name: 'Sugar हटाएँ' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'हटाएँ' }));
    expect(await screen.findByText('श्रेणी सफलतापूर्वक हटाई गई।')).toBeInTheDocument();
  });

  it('says "Error in deleting." when a delete fails', async () => {
    const { user } = renderList({
      'GET /api/industries': () => jsonResponse([category(2, 'Sugar')]),
      'DELETE /api/industry/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: 'Industry categories (1)' });
    await user.click(within(table).getByRole('button', { name: 'Delete Sugar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error in deleting.')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Sugar/ })).toBeInTheDocument();
  });

  it('shows a duplicate name on the field and sends the name trimmed', async () => {
    const { user, api } = renderList({
      'GET /api/industries': () => jsonResponse([category(1, 'Cement')]),
      'POST /api/industry': () => errorResponse(409, 'CATEGORY_EXISTS', 'Category already exists.'),
    });
    await screen.findByRole('table', { name: 'Industry categories (1)' });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Industry Category' });
    await user.type(within(dialog).getByRole('textbox', { name: /Category name/ }), '  Cement  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));

    expect(await within(dialog).findByText('Category already exists.')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Cement' });
  });

  it('says "Problem in updating Category." when a rename fails', async () => {
    const { user } = renderList({
      'GET /api/industries': () => jsonResponse([category(1, 'Cement')]),
      'PUT /api/industry/1': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: 'Industry categories (1)' });
    await user.click(within(table).getByRole('button', { name: 'Edit Cement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Industry Category' });
    const input = within(dialog).getByRole('textbox', { name: /Category name/ });
    await user.clear(input);
    await user.type(input, 'Cement and Clinker');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Problem in updating Category.')).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    renderList({ 'GET /api/industries': () => jsonResponse([]) });
    expect(await screen.findByText('No industry categories yet')).toBeInTheDocument();
  });
});
