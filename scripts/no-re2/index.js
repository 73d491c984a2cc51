// See package.json: re2 is deliberately not installed (package.json "overrides").
throw new Error('re2 is not installed in Cita (package.json overrides it with scripts/no-re2): the hosting emulator is not used.');
