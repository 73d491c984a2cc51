import { useIntl } from 'react-intl';
import type { PublicPortfolioItem } from '@generated/types.gen';
import { apiUrl } from '../booking-api';
import { m } from '../messages';

/**
 * The business's portfolio on its booking page (when the owner shows it): a grid of photos, before
 * and after side by side, each with its title and service. Only photos
 * without a customer, or whose customer's consent stands, ever reach the page (the server decides).
 */
export function PortfolioGallery({ items }: { items: PublicPortfolioItem[] }) {
  const intl = useIntl();
  return (
    <section className="bk-portfolio" aria-labelledby="bk-portfolio-title">
      <h2 id="bk-portfolio-title">{intl.formatMessage(m.portfolioTitle)}</h2>
      <ul className="bk-gallery">
        {items.map((item) => (
          <li key={item.id}>
            <figure>
              <div className="bk-photos">
                {item.beforeImageUrl ? <img src={apiUrl(item.beforeImageUrl)} alt={intl.formatMessage(m.portfolioBefore, { title: item.title })} loading="lazy" /> : null}
                <img src={apiUrl(item.imageUrl)} alt={item.beforeImageUrl ? intl.formatMessage(m.portfolioAfter, { title: item.title }) : item.title} loading="lazy" />
              </div>
              <figcaption>
                <strong>{item.title}</strong>
                {item.serviceName ? <span className="bk-dim">{item.serviceName}</span> : null}
                {item.description ? <span className="bk-dim">{item.description}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
