import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResource } from '../../../web/src/lib/use-resource';

function Probe({ load }: { load: () => Promise<string> }) {
  const resource = useResource(useQuery({ queryKey: ['probe'], queryFn: load }));
  return <p data-testid="probe">{resource.status === 'loaded' ? resource.data : `${resource.status}:${resource.status === 'loading' ? (resource.previous ?? '-') : '-'}`}</p>;
}

describe('useResource', () => {
  it('shows the first answer once rendered, and later answers at once', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer = 'first';
    render(
      <QueryClientProvider client={client}>
        <Probe load={async () => answer} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('loading:-');
    expect((await screen.findByText('first')).textContent).toBe('first');
    answer = 'second';
    await act(async () => {
      await client.refetchQueries({ queryKey: ['probe'] });
    });
    // Once an answer is shown, the next is not deferred: it is there as soon as the query has it.
    expect(screen.getByTestId('probe').textContent).toBe('second');
  });
});
