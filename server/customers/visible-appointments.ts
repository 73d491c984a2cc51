import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Appointment, AppointmentList } from '../../generated/types.gen.ts';
import type { HandlerDeps } from '../kit/context.ts';
// TEMPORARY bridge (issue 16): appointments' mapper and calendar visibility still live inside
// server/handlers/appointments.ts, unexported. Until server/appointments/ exposes
// visibleAppointmentsOfCustomer(tx, tenantId, customerId, viewer), this reads the customer's
// appointments through listCustomerAppointments itself, so that the export shows exactly what the
// calendar shows the caller (a member without shared calendars: their own appointments only), in the
// API's Appointment shape. At merge, the body of this one function becomes that call.
import { appointmentHandlers } from '../handlers/appointments.ts';

/** The most appointments one export lists (as before: LIMIT 10000). */
const MAX_EXPORTED = 10_000;
const PAGE = 200;

/** The customer's appointments that the caller of `request` may see, oldest first, as the API answers them. */
export async function visibleAppointmentsOfCustomer(deps: HandlerDeps, request: FastifyRequest, tenantId: string, customerId: string): Promise<Appointment[]> {
  const list = appointmentHandlers(deps).listCustomerAppointments;
  const items: Appointment[] = [];
  for (let offset = 0; offset < MAX_EXPORTED; offset += PAGE) {
    let page: AppointmentList | undefined;
    const reply = {
      code: () => reply,
      send: (body: AppointmentList) => {
        page = body;
        return reply;
      },
    };
    const call = Object.assign(Object.create(request) as FastifyRequest, { params: { tenantId, id: customerId }, query: { limit: PAGE, offset, order: 'asc' } });
    await list.call(request.server, call as Parameters<typeof list>[0], reply as unknown as FastifyReply as Parameters<typeof list>[1]);
    items.push(...page!.items);
    if (page!.items.length < PAGE) break;
  }
  return items;
}
