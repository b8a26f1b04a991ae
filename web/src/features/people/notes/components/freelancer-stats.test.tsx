import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { FreelancerStats, PREFERRED_HINT } from './freelancer-stats';

describe('FreelancerStats', () => {
  it('shows both boxes once loaded', async () => {
    mockApi({
      'GET /api/v1/account/9/stats': () => jsonResponse({ totalInstructions: 4, distinctJobs: 2 }),
    });
    renderWithProviders(<FreelancerStats userId={9} />);
    expect(await screen.findByRole('region', { name: 'Freelancer Stats' })).toBeInTheDocument();
    expect(screen.getByText('A summary of your recent activity')).toBeInTheDocument();
    expect(screen.getByText('Completed Jobs in the last 30 days').nextSibling).toHaveTextContent(
      '4',
    );
    expect(screen.getByText('Jobs as the Preferred Supplier').nextSibling).toHaveTextContent('2');
    // The same 30 days as the completed jobs (the server's window).
    expect(screen.getByText(PREFERRED_HINT)).toHaveTextContent('in the last 30 days');
  });

  it('is skipped without a userId and hidden until loaded', () => {
    const fetch = mockApi({});
    renderWithProviders(<FreelancerStats />);
    expect(screen.queryByText('Freelancer Stats')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
