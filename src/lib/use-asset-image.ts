import { useQuery } from '@tanstack/react-query';
import { getAssetContentOptions } from '@generated/@tanstack/react-query.gen';
import { useObjectUrl } from '~/lib/object-url';

/**
 * An image of the business (logo, cover, avatar, service-object photo) for an <img>: images are
 * served only with the session's Authorization header, so it is fetched into a Blob (through the
 * generated client) and shown through an object URL. An asset id never changes content, so the
 * Blob is kept for the session (staleTime Infinity) and the browser caches the answer (private,
 * immutable).
 */
export function useAssetImage(tenantId: string | undefined, assetId: string | undefined) {
  const query = useQuery({
    ...getAssetContentOptions({ path: { tenantId: tenantId ?? '', id: assetId ?? '' } }),
    enabled: Boolean(tenantId && assetId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60 * 1000,
    retry: 1,
  });
  const blob = query.data instanceof Blob ? query.data : undefined;
  const url = useObjectUrl(blob);
  // The stored type (the answer's Content-Type): a receipt may be a PDF rather than an image.
  return { url, type: blob?.type, isLoading: Boolean(tenantId && assetId) && (query.isPending || (blob !== undefined && url === undefined)), isError: query.isError };
}
