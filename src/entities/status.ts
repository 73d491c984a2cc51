import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * What the screens need to show one kind of status (an appointment's, a sale's, an invoice's):
 * its name in the user's language and its colour, written once for every feature that shows it.
 */
export interface StatusVocabulary<Status extends string> {
  /** The status's name ("Done", "Realizada"). */
  labels: Record<Status, MessageDescriptor>;
  /** A Mantine colour name; the calendar's CSS has a class per colour (cita-status-<colour>). */
  colors: Record<Status, string>;
  /** Statuses that mean "not set": shown outlined rather than filled. */
  unset?: readonly Status[];
}

export type StatusBadgeVariant = 'filled' | 'light';

/** The translated name of a status. */
export function formatStatus<Status extends string>(intl: Pick<IntlShape, 'formatMessage'>, vocabulary: StatusVocabulary<Status>, status: Status): string {
  const label: MessageDescriptor = vocabulary.labels[status];
  return intl.formatMessage(label);
}

/** A status badge's look: outlined when the status is unset, else the screen's variant. */
export function statusVariant<Status extends string>(vocabulary: StatusVocabulary<Status>, status: Status, variant: StatusBadgeVariant): StatusBadgeVariant | 'outline' {
  return vocabulary.unset?.includes(status) ? 'outline' : variant;
}
