import { Box, Button, Center, FileButton, Group, Image, Input, Loader, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { asProblem, isNetworkError } from '~/lib/api-problem';
import { IMAGE_TYPES, imageTypeOf, MAX_IMAGE_BYTES, MAX_PDF_BYTES, PDF_TYPE, type UploadProgress } from '~/lib/upload-progress';

export interface ImageUploaderProps {
  label: ReactNode;
  description?: ReactNode;
  /** The current image (an object URL); none shows a placeholder. */
  imageUrl?: string;
  /** Alternative text of the current image. */
  imageAlt?: string;
  /** The current image is still loading. */
  imageLoading?: boolean;
  /** Show the current image beside the buttons (false for an "add a photo" button under a gallery). */
  showPreview?: boolean;
  /**
   * Sends the file (the caller owns the API call) and reports the bytes sent: a fraction, or null
   * when the browser cannot tell. Rejects with the API's error to show it.
   */
  upload: (file: File, onProgress: UploadProgress) => Promise<unknown>;
  /** Removes the current image; no remove button without it. */
  onRemove?: () => void;
  removing?: boolean;
  /** The text of the upload button (default "Upload image", or "Replace image" with an image). */
  buttonLabel?: ReactNode;
  disabled?: boolean;
  /** Size of the preview square, in px. */
  previewSize?: number;
  /** Accept a PDF too (a receipt: expenses only; up to 5 MB). */
  acceptPdf?: boolean;
}

type State = { phase: 'idle' } | { phase: 'uploading'; fraction: number | null } | { phase: 'failed'; message: string };

/**
 * The reusable image uploader (SPEC §2): picks a JPEG, PNG or WebP image with a keyboard-reachable
 * button, checks type and size before sending, shows honest progress (a percentage while the bytes
 * go out when the browser reports them, then "Optimizing…" while the server re-encodes; a spinner
 * and no bar when the total is unknown) and translated errors. No API access: the caller passes `upload`.
 */
export function ImageUploader({
  label,
  description,
  imageUrl,
  imageAlt,
  imageLoading = false,
  showPreview = true,
  upload,
  onRemove,
  removing = false,
  buttonLabel,
  disabled = false,
  previewSize = 96,
  acceptPdf = false,
}: ImageUploaderProps) {
  const intl = useIntl();
  const id = useId();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const busy = state.phase === 'uploading';

  const describe = (error: unknown): string => {
    if (isNetworkError(error)) return intl.formatMessage({ id: 'imageUploader.error.network', defaultMessage: 'The image could not be sent. Check your connection and try again.' });
    const problem = asProblem(error);
    const code = problem?.errors?.[0]?.code;
    if (problem?.status === 413) return intl.formatMessage({ id: 'imageUploader.error.tooBig', defaultMessage: 'The image is too large. Choose one of up to 15 MB.' });
    if (code === 'not_an_image') return notAccepted();
    if (code === 'unreadable_image') return intl.formatMessage({ id: 'imageUploader.error.unreadable', defaultMessage: 'The image could not be read; it may be damaged.' });
    if (code === 'too_many_pixels') return intl.formatMessage({ id: 'imageUploader.error.tooManyPixels', defaultMessage: 'The image has too many pixels. Choose a smaller one.' });
    if (problem?.status === 403) return intl.formatMessage({ id: 'imageUploader.error.forbidden', defaultMessage: 'Your role does not allow changing this image.' });
    return intl.formatMessage({ id: 'imageUploader.error.generic', defaultMessage: 'The image could not be uploaded. Try again in a moment.' });
  };

  const notAccepted = () =>
    acceptPdf
      ? intl.formatMessage({ id: 'imageUploader.error.notImageOrPdf', defaultMessage: 'This file is not a JPEG, PNG or WebP image, nor a PDF.' })
      : intl.formatMessage({ id: 'imageUploader.error.notImage', defaultMessage: 'This file is not a JPEG, PNG or WebP image.' });

  const onFile = async (file: File | null) => {
    if (!file) return;
    const pdf = acceptPdf && file.type === PDF_TYPE;
    if (!pdf && !imageTypeOf(file)) {
      setState({ phase: 'failed', message: notAccepted() });
      return;
    }
    if (pdf && file.size > MAX_PDF_BYTES) {
      setState({ phase: 'failed', message: intl.formatMessage({ id: 'imageUploader.error.pdfTooBig', defaultMessage: 'The PDF is too large. Choose one of up to 5 MB.' }) });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setState({ phase: 'failed', message: intl.formatMessage({ id: 'imageUploader.error.tooBig', defaultMessage: 'The image is too large. Choose one of up to 15 MB.' }) });
      return;
    }
    setState({ phase: 'uploading', fraction: 0 });
    try {
      await upload(file, (fraction) => setState({ phase: 'uploading', fraction }));
      setState({ phase: 'idle' });
    } catch (error) {
      setState({ phase: 'failed', message: describe(error) });
    }
  };

  const percent = state.phase === 'uploading' && state.fraction !== null ? Math.round(state.fraction * 100) : null;

  return (
    <Input.Wrapper label={label} description={description} id={id}>
      <Stack gap="xs" mt={4}>
        <Group align="center" gap="md" wrap="nowrap">
          {showPreview ? (
            <Box
              w={previewSize}
              h={previewSize}
              style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
            >
              {imageLoading ? (
                <Skeleton w={previewSize} h={previewSize} />
              ) : imageUrl ? (
                <Image src={imageUrl} alt={imageAlt ?? ''} w={previewSize} h={previewSize} fit="cover" />
              ) : (
                <Center w={previewSize} h={previewSize} c="dimmed">
                  <IconPhoto size={32} aria-hidden />
                </Center>
              )}
            </Box>
          ) : null}
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton onChange={(file) => void onFile(file)} accept={[...IMAGE_TYPES, ...(acceptPdf ? [PDF_TYPE] : [])].join(',')} disabled={disabled || busy || removing}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={busy} aria-describedby={`${id}-hint`}>
                    {buttonLabel ??
                      (imageUrl ? (
                        <FormattedMessage id="imageUploader.replace" defaultMessage="Replace image" />
                      ) : (
                        <FormattedMessage id="imageUploader.upload" defaultMessage="Upload image" />
                      ))}
                  </Button>
                )}
              </FileButton>
              {onRemove && imageUrl ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove} loading={removing} disabled={disabled || busy}>
                  <FormattedMessage id="imageUploader.remove" defaultMessage="Remove" />
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" id={`${id}-hint`}>
              {acceptPdf ? (
                <FormattedMessage id="imageUploader.hintPdf" defaultMessage="JPEG, PNG or WebP up to 15 MB, or a PDF up to 5 MB." />
              ) : (
                <FormattedMessage id="imageUploader.hint" defaultMessage="JPEG, PNG or WebP, up to 15 MB." />
              )}
            </Text>
          </Stack>
        </Group>
        {state.phase === 'uploading' ? (
          percent !== null && percent < 100 ? (
            <Stack gap={4} aria-live="polite">
              <Progress value={percent} size="sm" aria-label={intl.formatMessage({ id: 'imageUploader.progress', defaultMessage: 'Upload progress' })} />
              <Text size="xs" c="dimmed">
                <FormattedMessage id="imageUploader.uploading.percent" defaultMessage="Uploading… {percent}%" values={{ percent }} />
              </Text>
            </Stack>
          ) : (
            <Group gap="xs" aria-live="polite">
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                {percent === 100 ? (
                  <FormattedMessage id="imageUploader.processing" defaultMessage="Optimizing the image…" />
                ) : (
                  <FormattedMessage id="imageUploader.uploading" defaultMessage="Uploading…" />
                )}
              </Text>
            </Group>
          )
        ) : null}
        {state.phase === 'failed' ? (
          <Text c="red" size="sm" role="alert">
            {state.message}
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
