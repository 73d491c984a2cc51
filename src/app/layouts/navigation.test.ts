import { describe, expect, it } from 'vitest';
import { currentNavigationTo } from './navigation';

describe('the sidebar highlights only the current item', () => {
  it('home only on home, in both languages', () => {
    expect(currentNavigationTo('/')).toBe('/{-$locale}');
    expect(currentNavigationTo('/es-ES')).toBe('/{-$locale}');
    expect(currentNavigationTo('/es-ES/')).toBe('/{-$locale}');
    expect(currentNavigationTo('/customers')).toBe('/{-$locale}/customers');
    expect(currentNavigationTo('/es-ES/customers/3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f')).toBe('/{-$locale}/customers');
  });

  it('the schedules page is Schedules, not also Appointments; a similar prefix is not a sub-page', () => {
    expect(currentNavigationTo('/es-ES/appointments/schedule')).toBe('/{-$locale}/appointments/schedule');
    expect(currentNavigationTo('/appointments/3c5e7a9b-1d3f-4b5d-8e7f-9a1b3c5d7e9f')).toBe('/{-$locale}/appointments');
    expect(currentNavigationTo('/appointments-distinctions')).toBe('/{-$locale}/appointments-distinctions');
    expect(currentNavigationTo('/profile')).toBeUndefined();
  });
});
