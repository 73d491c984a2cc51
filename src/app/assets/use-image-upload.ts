import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadAssetMutation } from '@generated/@tanstack/react-query.gen';
import type { Asset } from '@generated/types.gen';
import { fileToBase64, imageTypeOf, progressFetch, type UploadProgress } from '~/lib/upload-progress';

/**
 * Uploads an image to the business through POST /v1/assets, reporting the bytes sent (XHR progress:
 * see src/lib/upload-progress.ts). The server checks the content and re-encodes the image; the
 * answer is the stored asset, to reference by id.
 */
export function useImageUpload(tenantId: string | undefined) {
  const { mutateAsync } = useMutation(uploadAssetMutation());
  return useCallback(
    async (file: File, onProgress: UploadProgress): Promise<Asset> => {
      if (!tenantId) throw new Error('No business to upload the image to.');
      const payload = await fileToBase64(file);
      const { asset } = await mutateAsync({
        body: { tenantId, payload, mimeType: imageTypeOf(file) ?? 'image/jpeg', fileName: file.name.slice(0, 255) || 'image' },
        fetch: progressFetch(onProgress),
      });
      return asset;
    },
    [mutateAsync, tenantId],
  );
}
