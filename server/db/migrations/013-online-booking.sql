-- 013: online booking (the public page /book/{slug}), the business's default reminders, and a
-- language per customer.
--
-- * tenants.booking_*: OnlineBookingSettings. Off until the owner turns it on; `booking_slug` is the
--   page's address segment, unique across businesses (kept when booking is turned off, so that the
--   address comes back with it). The public operations look a business up by it (as the owner:
--   tenants is under row-level security), hence the unique index.
-- * tenants.default_reminders: the reminders a new appointment gets when its form or an online
--   booking does not say (AppointmentReminderInput[] as jsonb; [] means none).
-- * customers.language: the language of the customer's e-mails; NULL: the business's.

ALTER TABLE tenants
  ADD COLUMN default_reminders jsonb NOT NULL DEFAULT '[{"channel": "REMINDER_CHANNEL_EMAIL", "minutesBefore": 1440}]'
    CHECK (jsonb_typeof(default_reminders) = 'array' AND jsonb_array_length(default_reminders) <= 3),
  ADD COLUMN booking_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN booking_slug text CHECK (booking_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(booking_slug) BETWEEN 3 AND 63),
  ADD COLUMN booking_confirmation text NOT NULL DEFAULT 'ONLINE_BOOKING_CONFIRMATION_AUTOMATIC'
    CHECK (booking_confirmation IN ('ONLINE_BOOKING_CONFIRMATION_AUTOMATIC', 'ONLINE_BOOKING_CONFIRMATION_MANUAL')),
  ADD COLUMN booking_minimum_notice_minutes integer NOT NULL DEFAULT 120
    CHECK (booking_minimum_notice_minutes BETWEEN 0 AND 43200 AND booking_minimum_notice_minutes % 5 = 0),
  ADD COLUMN booking_horizon_days integer NOT NULL DEFAULT 60 CHECK (booking_horizon_days BETWEEN 1 AND 365),
  ADD COLUMN booking_slot_interval_minutes integer NOT NULL DEFAULT 15 CHECK (booking_slot_interval_minutes IN (5, 10, 15, 20, 30, 60)),
  ADD COLUMN booking_member_choice boolean NOT NULL DEFAULT true;
CREATE UNIQUE INDEX tenants_booking_slug_key ON tenants (booking_slug);

ALTER TABLE customers ADD COLUMN language text CHECK (language IN ('en-US', 'es-ES'));
