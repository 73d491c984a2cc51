import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadAssetMutation } from '@generated/@tanstack/react-query.gen';
import type { Asset } from '@generated/types.gen';
import { createRetryingFetch, IDEMPOTENCY_HEADER, newIdempotencyKey } from '~/lib/retrying-fetch';
import { fileToBase64, imageTypeOf, PDF_TYPE, progressFetch, type UploadProgress } from '~/lib/upload-progress';

/**
 * Uploads an image (or a PDF receipt) to the business through POST /v1/assets, reporting the bytes sent (XHR progress:
 * see src/lib/upload-progress.ts). The server checks the content and re-encodes the image; the
 * answer is the stored asset, to reference by id.
 *
 * Each upload (one chosen file) sends its own Idempotency-Key, and its retries (a lost answer, a
 * 503) resend the same key: the server stores the image once and answers the first asset again.
 * The per-call fetch replaces the client's, so the retries are wrapped around the progress fetch
 * here (the bar starts again from 0 on a retry).
 */
export function useImageUpload(tenantId: string | undefined) {
  const { mutateAsync } = useMutation(uploadAssetMutation());
  return useCallback(
    async (file: File, onProgress: UploadProgress): Promise<Asset> => {
      if (!tenantId) throw new Error('No business to upload the image to.');
      const payload = await fileToBase64(file);
      const { asset } = await mutateAsync({
        body: { tenantId, payload, mimeType: file.type === PDF_TYPE ? PDF_TYPE : (imageTypeOf(file) ?? 'image/jpeg'), fileName: file.name.slice(0, 255) || 'image' },
        headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
        fetch: createRetryingFetch(progressFetch(onProgress)),
      });
      return asset;
    },
    [mutateAsync, tenantId],
  );
}
