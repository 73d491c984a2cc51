import { useQuery } from '@tanstack/react-query';
import { getQrCodeImageOptions } from '@generated/@tanstack/react-query.gen';
import { useObjectUrl } from '~/lib/object-url';

/**
 * A QR code's image (SVG) for an <img>: served only with the session's Authorization header, so
 * fetched into a Blob and shown through an object URL. Kept until the code is saved (the page
 * invalidates getQrCodeImageQueryKey then: a recoloured or re-pointed code is drawn again).
 */
export function useQrImage(tenantId: string, id: string) {
  const result = useQuery({ ...getQrCodeImageOptions({ path: { tenantId, id } }), staleTime: Number.POSITIVE_INFINITY, retry: 1 });
  const blob = result.data instanceof Blob ? result.data : undefined;
  const url = useObjectUrl(blob);
  return { url, isLoading: result.isPending || (blob !== undefined && url === undefined), isError: result.isError };
}
