-- 009: appointments, their distinctions, repeat series, and the team's working hours and time off.
--
-- * Time: an appointment is stored twice, as instants (start_at/end_at, timestamptz: what double
--   booking, reminders and the calendar range compare) and as the wall-clock time it was booked at in
--   the business's time zone (start_local/end_local: what the screens show and what a time-zone change
--   keeps). The handler turns wall-clock into instants with the DST rule of the contract (a repeated
--   hour means its first occurrence, a skipped one moves forward by the gap).
-- * Double booking is refused by the database itself: an exclusion constraint over (tenant, member,
--   [start_at, end_at)) for the appointments that hold their slot (not cancelled, rejected or
--   no-show), so two concurrent requests cannot both pass. The handler maps its violation
--   (exclusion_violation, 23P01) to 409 double_booking.
-- * appointment_services: the services booked, as snapshots (name, duration, price); they keep the
--   service referenced, so cita_service_in_use (004) now answers from this table and a booked service
--   is archived instead of deleted.
-- * The customer is a snapshot too (customer_snapshot); customer_id is set to NULL when the customer is
--   deleted, and the appointment stays in the member's history.
-- * appointment_series: a repeat rule; each occurrence is an ordinary appointment with series_id and
--   series_index.
-- * working_hours: a member's weekly hours (the contract's OpeningHoursWeek as jsonb); no row means the
--   business's opening hours. time_off: days off and one-off blocks, instants plus wall-clock like
--   appointments.
-- * tenants.members_see_team_calendars: whether members may read their teammates' calendars.

ALTER TABLE tenants ADD COLUMN members_see_team_calendars boolean NOT NULL DEFAULT false;

CREATE TABLE appointment_distinctions (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  color       text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  description text CHECK (length(description) <= 500),
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX appointment_distinctions_name_key ON appointment_distinctions (tenant_id, lower(name));
CREATE TRIGGER appointment_distinctions_touch BEFORE UPDATE ON appointment_distinctions FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE appointment_series (
  tenant_id   uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  frequency   text NOT NULL CHECK (frequency IN ('RECURRENCE_FREQUENCY_WEEKLY', 'RECURRENCE_FREQUENCY_MONTHLY')),
  interval    integer NOT NULL CHECK (interval BETWEEN 1 AND 12),
  count       integer CHECK (count BETWEEN 2 AND 104),
  until       date,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE appointments (
  tenant_id           uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id                  uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id             uuid NOT NULL REFERENCES users (id),
  customer_id         uuid,
  customer_snapshot   jsonb NOT NULL,
  start_at            timestamptz NOT NULL,
  end_at              timestamptz NOT NULL,
  start_local         timestamp NOT NULL,
  end_local           timestamp NOT NULL,
  status              text NOT NULL DEFAULT 'APPOINTMENT_STATUS_PENDING' CHECK (status IN (
                        'APPOINTMENT_STATUS_UNSPECIFIED', 'APPOINTMENT_STATUS_PENDING', 'APPOINTMENT_STATUS_CONFIRMED',
                        'APPOINTMENT_STATUS_DONE', 'APPOINTMENT_STATUS_REJECTED', 'APPOINTMENT_STATUS_CANCELLED',
                        'APPOINTMENT_STATUS_NO_SHOW')),
  status_reason       text CHECK (length(status_reason) <= 500),
  notes               text CHECK (length(notes) <= 2000),
  color               text CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  distinction_id      uuid,
  service_object_id   uuid,
  total_amount        bigint NOT NULL CHECK (total_amount >= 0),
  total_currency      text NOT NULL CHECK (total_currency ~ '^[A-Z]{3}$'),
  reminders           jsonb NOT NULL DEFAULT '[]',
  real_start_local    timestamp,
  real_end_local      timestamp,
  series_id           uuid,
  series_index        integer CHECK (series_index BETWEEN 1 AND 104),
  cancelled_at        timestamptz,
  cancelled_by        text CHECK (cancelled_by IN ('CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_BUSINESS')),
  cancellation_reason text CHECK (length(cancellation_reason) <= 500),
  version             integer NOT NULL DEFAULT 1,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (end_at > start_at AND end_local > start_local),
  CHECK (real_end_local IS NULL OR real_end_local > real_start_local),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE SET NULL (customer_id),
  FOREIGN KEY (tenant_id, distinction_id) REFERENCES appointment_distinctions (tenant_id, id) ON DELETE SET NULL (distinction_id),
  FOREIGN KEY (tenant_id, service_object_id) REFERENCES service_objects (tenant_id, id) ON DELETE SET NULL (service_object_id),
  FOREIGN KEY (tenant_id, series_id) REFERENCES appointment_series (tenant_id, id) ON DELETE SET NULL (series_id),
  -- Double booking: one member, overlapping times, both holding their slot.
  CONSTRAINT appointments_no_double_booking EXCLUDE USING gist (
    tenant_id WITH =, user_id WITH =, tstzrange(start_at, end_at, '[)') WITH &&
  ) WHERE (status NOT IN ('APPOINTMENT_STATUS_CANCELLED', 'APPOINTMENT_STATUS_REJECTED', 'APPOINTMENT_STATUS_NO_SHOW'))
);
-- The calendar range of one or several members, and the customer's history.
CREATE INDEX appointments_member_start_idx ON appointments (tenant_id, user_id, start_at);
CREATE INDEX appointments_customer_start_idx ON appointments (tenant_id, customer_id, start_at) WHERE customer_id IS NOT NULL;
CREATE INDEX appointments_series_idx ON appointments (tenant_id, series_id, series_index) WHERE series_id IS NOT NULL;
CREATE TRIGGER appointments_touch BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE appointment_services (
  tenant_id        uuid NOT NULL,
  appointment_id   uuid NOT NULL,
  position         integer NOT NULL CHECK (position BETWEEN 1 AND 20),
  service_id       uuid NOT NULL,
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 720 AND duration_minutes % 5 = 0),
  price_amount     bigint NOT NULL CHECK (price_amount >= 0),
  price_currency   text NOT NULL CHECK (price_currency ~ '^[A-Z]{3}$'),
  PRIMARY KEY (tenant_id, appointment_id, position),
  FOREIGN KEY (tenant_id, appointment_id) REFERENCES appointments (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, service_id) REFERENCES services (tenant_id, id)
);
CREATE INDEX appointment_services_service_idx ON appointment_services (tenant_id, service_id);

CREATE OR REPLACE FUNCTION cita_service_in_use(p_tenant uuid, p_id uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (SELECT 1 FROM appointment_services WHERE tenant_id = p_tenant AND service_id = p_id);

CREATE TABLE working_hours (
  tenant_id  uuid NOT NULL,
  user_id    uuid NOT NULL,
  weekly     jsonb NOT NULL,
  version    integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES memberships (tenant_id, user_id) ON DELETE CASCADE
);
CREATE TRIGGER working_hours_touch BEFORE UPDATE ON working_hours FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TABLE time_off (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('TIME_OFF_KIND_TIME_OFF', 'TIME_OFF_KIND_BLOCK')),
  start_at    timestamptz NOT NULL,
  end_at      timestamptz NOT NULL,
  start_local timestamp NOT NULL,
  end_local   timestamp NOT NULL,
  description text CHECK (length(description) <= 200),
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (end_at > start_at),
  FOREIGN KEY (tenant_id, user_id) REFERENCES memberships (tenant_id, user_id) ON DELETE CASCADE
);
CREATE INDEX time_off_member_start_idx ON time_off (tenant_id, user_id, start_at);
CREATE TRIGGER time_off_touch BEFORE UPDATE ON time_off FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['appointment_distinctions', 'appointment_series', 'appointments', 'appointment_services', 'working_hours', 'time_off'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I TO cita_app
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
    EXECUTE format('CREATE POLICY owner_access ON %I TO CURRENT_USER USING (true) WITH CHECK (true)', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO cita_app', t);
  END LOOP;
END $$;
