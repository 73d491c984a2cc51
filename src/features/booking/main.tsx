// The public booking page (/book/{slug}, /es-ES/book/{slug}): a page of its own (book.html), not the
// dashboard. Plain React, react-intl and the contract's types: no router, no identity provider, no
// component library, so that it opens fast on a phone. The page's data and messages are fetched
// before the first render (book.html shows a placeholder meanwhile), so nothing jumps.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingRoot, loadBooking } from './components/booking-root';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from book.html');
void loadBooking().then((initial) => {
  document.documentElement.lang = initial.locale;
  createRoot(root).render(
    <StrictMode>
      <BookingRoot initial={initial} />
    </StrictMode>,
  );
});
