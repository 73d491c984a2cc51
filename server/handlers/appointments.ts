// Moved to server/appointments/ (repository, rules, mappers, handlers). Kept only because
// scripts/bench/calendar-api.ts and calendar-api-profile.ts still import CALENDAR_APPOINTMENTS from
// here; once they import '../../server/appointments/repository.ts', delete this file.
export { CALENDAR_APPOINTMENTS } from '../appointments/repository.ts';
