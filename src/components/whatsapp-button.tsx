import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { contactUrl } from '~/lib/subscription';

export interface WhatsAppButtonProps extends Omit<ButtonProps, 'children'> {
  /** The number to chat with, international digits (e.g. the configuration's supportPhone). */
  phone: string | null | undefined;
  /** The prefilled, already translated message. */
  text: string;
  /** Label; default "Chat on WhatsApp". */
  children?: ReactNode;
  onClick?: () => void;
}

// WhatsApp's own dark green (its web app's header): white text on it reaches WCAG AA (4.9:1); the
// bright brand green (#25D366) gives 2:1.
const WHATSAPP_GREEN = '#008069';

/** SPEC §2 "WhatsApp button": opens a chat with a prefilled text in a new tab; renders nothing without a number. */
export function WhatsAppButton({ phone, text, children, onClick, ...props }: WhatsAppButtonProps) {
  const href = contactUrl(phone, text);
  if (!href) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color={WHATSAPP_GREEN}
      leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
      onClick={onClick}
      {...props}
    >
      {children ?? <FormattedMessage id="whatsapp.button" defaultMessage="Chat on WhatsApp" />}
    </Button>
  );
}
