// The public booking page (/book/{slug}, /es-ES/book/{slug}): a page of its own (book.html), not the
// dashboard. Plain React, react-intl and the contract's types: no router, no identity provider, no
// component library, so that it opens fast on a phone.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingRoot } from './components/booking-root';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from book.html');
createRoot(root).render(
  <StrictMode>
    <BookingRoot />
  </StrictMode>,
);
