// Seed data for the calendar: a realistic month of appointments around today in the owner's calendar
// (the last two weeks mostly done, with a few no-shows and cancellations; the next two weeks pending or
// confirmed), the owner's own working hours and a one-off block. Idempotent: a calendar that already has
// appointments in that month is left as it is.
import { Temporal } from 'temporal-polyfill';

const BLOCK = {
  'es-ES': { description: 'Reunión con el proveedor de color', notes: ['Quiere probar un flequillo cortina.', 'Alergia al amoníaco: usar tinte sin amoníaco.', 'Trae foto de referencia.', ''] },
  'en-US': { description: 'Supplier meeting', notes: ['Anxious patient: explain each step.', 'Prefers morning slots.', 'Bring previous X-rays.', ''] },
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A small deterministic generator, so that every run of the seed books the same month. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const parts = (dateTime) => ({ year: dateTime.year, month: dateTime.month, day: dateTime.day, hours: dateTime.hour, minutes: dateTime.minute });
const time = (date, text) => date.toPlainDateTime(Temporal.PlainTime.from(text));

export async function seedAppointments({ call, tenant, session, locale }) {
  const token = session.token;
  const userId = session.userId;
  const base = `/v1/tenants/${tenant.id}`;
  const calendar = `${base}/users/${userId}`;
  const texts = BLOCK[locale] ?? BLOCK['en-US'];
  const today = Temporal.Now.plainDateISO(tenant.timeZone);
  const now = Temporal.Now.plainDateTimeISO(tenant.timeZone);
  const first = today.subtract({ days: 14 });
  const last = today.add({ days: 14 });

  const existing = await call('GET', `${calendar}/appointments?limit=1&from=${first}&to=${last}`, undefined, token);
  if (existing.total > 0) return { appointments: 0 };

  // The owner's own hours: the business's, leaving early on Fridays.
  const { workingHours } = await call('GET', `${calendar}/working-hours`, undefined, token);
  const weekly = structuredClone(workingHours.weekly);
  if (weekly.friday.length > 1) weekly.friday = weekly.friday.slice(0, -1);
  else if (weekly.friday.length === 1 && weekly.friday[0].end > '15:00') weekly.friday = [{ start: weekly.friday[0].start, end: '15:00' }];
  await call('PUT', `${calendar}/working-hours`, { workingHours: { inherit: false, weekly, version: workingHours.version } }, token);

  // A block next Wednesday at noon.
  let wednesday = today.add({ days: 1 });
  while (wednesday.dayOfWeek !== 3) wednesday = wednesday.add({ days: 1 });
  const block = { start: time(wednesday, '12:00'), end: time(wednesday, '13:00') };
  await call('POST', `${calendar}/time-off`, { timeOff: { kind: 'TIME_OFF_KIND_BLOCK', startDate: parts(block.start), endDate: parts(block.end), description: texts.description } }, token);

  const services = (await call('GET', `${base}/services?limit=200`, undefined, token)).items.filter((s) => s.active && s.durationMinutes <= 90);
  const customers = (await call('GET', `${base}/customers/list?limit=200`, undefined, token)).items;
  if (services.length === 0 || customers.length === 0) return { appointments: 0 };

  const next = random(tenant.id.split('').reduce((sum, c) => sum + c.charCodeAt(0), 0));
  let created = 0;
  for (let day = first; Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const ranges = weekly[WEEKDAYS[day.dayOfWeek - 1]] ?? [];
    const past = Temporal.PlainDate.compare(day, today) < 0;
    for (const range of ranges) {
      let cursor = time(day, range.start);
      const end = time(day, range.end);
      while (true) {
        // Busier in the past (the month is filling up); a gap now and then.
        if (next() < (past ? 0.2 : 0.45)) {
          cursor = cursor.add({ minutes: 15 });
          if (Temporal.PlainDateTime.compare(cursor, end) >= 0) break;
          continue;
        }
        const service = services[Math.floor(next() * services.length)];
        const finish = cursor.add({ minutes: service.durationMinutes });
        if (Temporal.PlainDateTime.compare(finish, end) > 0) break;
        const blocked = Temporal.PlainDateTime.compare(cursor, block.end) < 0 && Temporal.PlainDateTime.compare(finish, block.start) > 0;
        if (!blocked) {
          const customer = customers[Math.floor(next() * customers.length)];
          const note = texts.notes[Math.floor(next() * texts.notes.length)];
          const started = Temporal.PlainDateTime.compare(cursor, now) <= 0;
          const { appointment } = await call(
            'POST',
            `${calendar}/appointments`,
            {
              appointment: {
                customerId: customer.id,
                services: [{ id: service.id }],
                startDate: parts(cursor),
                endDate: parts(finish),
                status: started || next() < 0.5 ? 'APPOINTMENT_STATUS_CONFIRMED' : 'APPOINTMENT_STATUS_PENDING',
                ...(note ? { notes: note } : {}),
              },
            },
            token,
          );
          created += 1;
          if (started) {
            const roll = next();
            const status = roll < 0.08 ? 'APPOINTMENT_STATUS_NO_SHOW' : roll < 0.13 ? 'APPOINTMENT_STATUS_CANCELLED' : 'APPOINTMENT_STATUS_DONE';
            await call('PUT', `${calendar}/appointments/${appointment.id}/status`, { status, version: appointment.version }, token);
          } else if (next() < 0.04) {
            await call('PUT', `${calendar}/appointments/${appointment.id}/status`, { status: 'APPOINTMENT_STATUS_CANCELLED', version: appointment.version }, token);
          }
        }
        cursor = finish;
      }
    }
  }
  return { appointments: created };
}
