import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob (an image fetched with the session), revoked when the blob changes or
 * the component unmounts. Images are served only with the Authorization header, so an <img> shows
 * them through this URL instead of the API address.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    // The URL is an external resource created here and released by the cleanup (also under StrictMode's double run).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return entry && entry.blob === blob ? entry.url : undefined;
}
