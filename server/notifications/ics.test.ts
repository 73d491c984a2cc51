import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDate, type IcsEvent } from './ics.ts';

const event: IcsEvent = {
  uid: '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d@cita',
  sequence: 2,
  start: new Date('2026-11-23T09:30:00Z'),
  end: new Date('2026-11-23T10:15:00Z'),
  stamp: new Date('2026-11-20T08:00:05.123Z'),
  summary: 'Corte y peinado, Peluquería Ana',
  description: 'Línea uno\nLínea; dos',
  url: 'https://cita.example/cancel-appointments?token=abc',
  organizer: { name: 'Peluquería "Ana"', email: 'citas@ana.example' },
  attendee: { name: 'Lucía', email: 'lucia@example.com' },
};

describe('iCalendar writer', () => {
  it('writes UTC date-times without separators or milliseconds', () => {
    expect(icsDate(new Date('2026-03-29T01:05:09.999Z'))).toBe('20260329T010509Z');
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds lines at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'ñ'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });

  it('a booking: METHOD:REQUEST, one VEVENT with a stable UID, its SEQUENCE, CRLF line ends', () => {
    const ics = buildIcs('REQUEST', [event]);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(ics).toContain('\r\nUID:0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d@cita\r\n');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
    expect(ics).toContain('\r\nDTSTART:20261123T093000Z\r\nDTEND:20261123T101500Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T080005Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Corte y peinado\\, Peluquería Ana\r\n');
    expect(ics).toContain('DESCRIPTION:Línea uno\\nLínea\\; dos');
    expect(ics).toContain('ORGANIZER;CN="Peluquería Ana":mailto:citas@ana.example');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[^\r]\n/);
  });

  it('a cancellation: METHOD:CANCEL and STATUS:CANCELLED for the same UID', () => {
    const ics = buildIcs('CANCEL', [{ ...event, sequence: 3 }]);
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain('\r\nUID:0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d@cita\r\n');
    expect(ics).toContain('\r\nSEQUENCE:3\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
  });
});
