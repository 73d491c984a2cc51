/**
 * A small RFC 5545 (iCalendar) writer for one appointment: what the e-mails attach (METHOD:REQUEST
 * for a booking, a change or a reminder, METHOD:CANCEL for a cancellation, with the same UID and a
 * higher SEQUENCE so that the customer's calendar updates or removes the one event), and what the
 * team members' feeds could list (METHOD:PUBLISH).
 */
export interface IcsEvent {
  /** Stable per appointment, e.g. <appointment id>@cita. */
  uid: string;
  /** Grows with every change the customer is told about (RFC 5545 §3.8.7.4). */
  sequence: number;
  start: Date;
  end: Date;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
  cancelled?: boolean;
}

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/** 20261123T093000Z */
export function icsDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT value escaping (§3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, without the characters a quoted value cannot hold. */
function paramValue(value: string): string {
  const printable = [...value].filter((char) => char !== '"' && char.charCodeAt(0) >= 0x20).join('');
  return `"${printable}"`;
}

/** Lines longer than 75 octets are folded with CRLF + space (§3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(method: IcsMethod, events: readonly IcsEvent[], name?: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Cita//Appointments//EN', 'CALSCALE:GREGORIAN', `METHOD:${method}`];
  if (name) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  for (const event of events) {
    const cancelled = method === 'CANCEL' || event.cancelled;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${icsDate(event.stamp)}`,
      `DTSTART:${icsDate(event.start)}`,
      `DTEND:${icsDate(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.organizer) lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`);
    if (event.attendee) {
      lines.push(`ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`);
    }
    lines.push(`STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
