import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '@/api/client';
import { toasts } from '@/lib/errors/catalogue';
import { jsonResponse, mockApi, renderWithProviders } from '@/test/render';
import { errorResponse } from '@/test/server-errors';
import { ProfileImageUpload } from './profile-image-upload';

const uploadUrl = {
  uploadUrl: '/api/v1/blob-upload/tok.sig',
  method: 'PUT',
  maxBytes: 5242880,
  expiresAt: '2030-01-01T00:00:00Z',
};

function mock(routes: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/v1/account/token': () => jsonResponse({ token: 'csrf' }),
    ...routes,
  });
}

async function pick() {
  const user = userEvent.setup();
  renderWithProviders(<ProfileImageUpload userId={7} imageUrl={null} canEdit />);
  await screen.findByRole('button', { name: 'Upload photo' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
  await user.upload(
    input,
    new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
  );
}

describe('ProfileImageUpload', () => {
  afterEach(() => {
    resetCsrfToken();
  });

  it('gets an upload URL, PUTs the file and says so', async () => {
    const put = vi.fn(async (request: Request) => {
      expect(request.headers.get('X-CSRF-Token')).toBe('csrf');
      expect(request.headers.get('Content-Type')).toBe('image/png');
      return jsonResponse({ profileImageUrl: '/api/v1/account/7/profile_image/file?v=abc' });
    });
    mock({
      'GET /api/v1/account/7/profile_image': () => jsonResponse(uploadUrl),
      'PUT /api/v1/blob-upload/tok.sig': put,
    });
    await pick();
    expect(await screen.findByText('Image uploaded successfully.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(put).toHaveBeenCalledOnce();
    expect(screen.getByRole('img', { name: 'Profile photo' })).toHaveAttribute(
      'src',
      '/api/v1/account/7/profile_image/file?v=abc',
    );
  });

  it('says when no upload URL could be had', async () => {
    mock({
      'GET /api/v1/account/7/profile_image': () => errorResponse(403, 'nope', 'A-102'),
    });
    await pick();
    expect(await screen.findByText('Failed to get upload URL.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(toasts.uploadUrlFailed.autoClose).toBe(3000);
  });

  it('says when the upload failed', async () => {
    mock({
      'GET /api/v1/account/7/profile_image': () => jsonResponse(uploadUrl),
      'PUT /api/v1/blob-upload/tok.sig': () =>
        jsonResponse(
          { error: 'Only JPEG, PNG, WebP or GIF images are accepted.', errorCode: 'V-422' },
          422,
        ),
    });
    await pick();
    expect(await screen.findByText('Failed to upload image.')).toBeInTheDocument();
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
  });

  it('shows no button to those who may not change the photo', async () => {
    renderWithProviders(<ProfileImageUpload userId={7} imageUrl="/x.png" canEdit={false} />);
    expect(await screen.findByRole('img', { name: 'Profile photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).toBeNull();
  });
});
