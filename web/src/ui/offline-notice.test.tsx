import { act, screen } from '@testing-library/react';
import { noteNetwork, noteOfflineCopy } from '@/lib/offline';
import { renderWithProviders } from '@/test/render';
import { OFFLINE_ANSWERS, OfflineNotice } from './offline-notice';

describe('OfflineNotice', () => {
  afterEach(() => act(() => noteNetwork(true)));

  it('says nothing online, and offline names the oldest copy shown', () => {
    renderWithProviders(<OfflineNotice what="your agenda" />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => noteOfflineCopy('2026-11-29T13:05:00Z'));
    act(() => noteOfflineCopy('2026-11-29T14:00:00Z'));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(/Offline: showing your agenda as of/);
    expect(notice).toHaveTextContent(OFFLINE_ANSWERS);
    act(() => noteNetwork(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
