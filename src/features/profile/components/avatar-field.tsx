import { Card } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { removeAssetMutation, updateUserMutation } from '@generated/@tanstack/react-query.gen';
import type { User } from '@generated/types.gen';
import { useAssetImage } from '~/lib/use-asset-image';
import { useImageUpload } from '~/lib/use-image-upload';
import { refreshSession, setSession } from '~/entities/session/use-session';
import { ApiErrorAlert } from '~/components/api-error-alert';
import { ImageUploader } from '~/components/image-uploader';

/**
 * The user's avatar: uploaded within the current business and saved at once (PUT the user with
 * `avatarAssetId`), apart from the profile form. A replaced or removed avatar is deleted.
 */
export function AvatarField({ user, tenantId }: { user: User; tenantId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const uploadImage = useImageUpload(tenantId);
  const updateUser = useMutation(updateUserMutation());
  const removeAsset = useMutation(removeAssetMutation());
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const avatar = useAssetImage(user.avatarAsset?.tenantId, user.avatarAsset?.id);
  const label = intl.formatMessage({ id: 'profile.avatar', defaultMessage: 'Profile photo' });

  const save = async (assetId: string | null) => {
    const previous = user.avatarAsset;
    const { user: saved } = await updateUser.mutateAsync({ path: { id: user.id }, body: { user: { avatarAssetId: assetId } } });
    setSession({ user: saved });
    await refreshSession(queryClient).catch((failure: unknown) => console.warn('session refresh after saving the avatar failed', failure));
    if (previous && previous.id !== assetId) removeAsset.mutate({ body: { asset: previous } });
    notifications.show({ color: 'green', title: intl.formatMessage({ id: 'profile.avatar.saved', defaultMessage: 'Profile photo saved' }), message: user.email });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <ImageUploader
        label={label}
        description={intl.formatMessage({ id: 'profile.avatar.description', defaultMessage: 'Your team sees it next to your name.' })}
        imageUrl={avatar.url}
        imageLoading={avatar.isLoading}
        imageAlt={label}
        upload={async (file, onProgress) => {
          setError(null);
          const asset = await uploadImage(file, onProgress);
          await save(asset.id);
        }}
        removing={removing}
        onRemove={() => {
          setError(null);
          setRemoving(true);
          save(null)
            .catch((failure: unknown) => setError(failure))
            .finally(() => setRemoving(false));
        }}
      />
      <ApiErrorAlert error={error} />
    </Card>
  );
}
