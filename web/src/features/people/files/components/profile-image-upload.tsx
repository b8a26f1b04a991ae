import { Avatar, Button, FileButton, Stack } from '@mantine/core';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { UploadStepError, useUploadProfileImage } from '../api/upload-profile-image';

/** The accepted image types (the server checks them again by content). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** A user's photo with, for those allowed, an 'Upload photo' button. */
export function ProfileImageUpload({
  userId,
  imageUrl,
  canEdit,
}: {
  userId: number;
  imageUrl?: string | null;
  canEdit: boolean;
}) {
  const [uploaded, setUploaded] = useState<string | null>(null);
  const upload = useUploadProfileImage();

  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { userId, file },
      {
        onSuccess: (url) => {
          if (url) setUploaded(url);
          notify(toasts.imageUploaded);
        },
        onError: (err) => {
          notify(
            err instanceof UploadStepError && err.step === 'url'
              ? toasts.uploadUrlFailed
              : toasts.uploadFailed,
          );
        },
      },
    );
  };

  const src = uploaded ?? imageUrl ?? null;
  return (
    <Stack align="center" gap="xs">
      <Avatar src={src || null} size={96} radius={96} alt="Profile photo" />
      {canEdit && (
        <FileButton onChange={onFile} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={upload.isPending}>
              Upload photo
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
