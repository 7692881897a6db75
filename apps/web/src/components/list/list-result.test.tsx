import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListResult } from './list-result';

/** A list of names read page by page from `read`, as the console's lists read theirs. */
function Names({ read }: { read: (page: number) => Promise<string[]> }) {
  const [page, setPage] = useState(1);
  const names = useQuery({
    queryKey: ['names', page],
    queryFn: () => read(page),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListResult
        query={names}
        rows={names.data}
        errorTitle="The names could not be loaded"
        empty="No names yet."
      >
        <ul aria-label="Names">
          {names.data?.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </ListResult>
      <button type="button" onClick={() => setPage(page + 1)}>
        Next page
      </button>
    </>
  );
}

const failure = () => Promise.reject(new Error('Network down'));

describe('ListResult', () => {
  it('shows the error with a Retry in place of the list when nothing could be read, and the rows once a retry reads them', async () => {
    let fail = true;
    const { user } = renderWithProviders(
      <Names read={() => (fail ? failure() : Promise.resolve(['Deccan Cement Works']))} />,
    );
    expect(await screen.findByText('The names could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Names' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Deccan Cement Works')).toBeInTheDocument();
    expect(screen.queryByText('The names could not be loaded')).not.toBeInTheDocument();
  });

  it('says the list is empty only when the answer has no rows', async () => {
    renderWithProviders(<Names read={() => Promise.resolve([])} />);
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Names' })).not.toBeInTheDocument();
  });

  it('keeps the previous page on screen while the next loads, and calls the list empty only once the next page answers no rows', async () => {
    let release: (names: string[]) => void = () => undefined;
    const { user } = renderWithProviders(
      <Names
        read={(page) =>
          page === 1
            ? Promise.resolve(['Vapi Agro Chemicals'])
            : new Promise((resolve) => (release = resolve))
        }
      />,
    );
    expect(await screen.findByText('Vapi Agro Chemicals')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Vapi Agro Chemicals')).toBeInTheDocument();
    expect(screen.queryByText('No names yet.')).not.toBeInTheDocument();

    release([]);
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
  });

  it('shows a failed refresh above the rows already read, which stay', async () => {
    let fail = false;
    const { queryClient } = renderWithProviders(
      <Names read={() => (fail ? failure() : Promise.resolve(['Sahyadri Sugar Mills']))} />,
    );
    expect(await screen.findByText('Sahyadri Sugar Mills')).toBeInTheDocument();

    fail = true;
    await queryClient.refetchQueries({ queryKey: ['names'] });
    expect(await screen.findByText('The names could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Sahyadri Sugar Mills')).toBeInTheDocument();
  });
});
