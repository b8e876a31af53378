/**
 * The header and footer of every page, one copy for the Astro pages
 * (Header.astro, Footer.astro) and the pre-rendered public pages (the
 * projections' layout): the same links, the same phone menu (collapsed behind
 * the menu button at phone width), the same signed-in menu. The site's
 * scripts/frame.ts brings them to life: it shows what `data-show` marks for
 * who is signed in and opens the phone menu.
 */
import { iconSvg } from './icons.ts';
import { SIGNED_IN_NAV_HTML } from './signedInNav.ts';

type FrameOptions = {
  /**
   * Pre-rendered public pages work without script: what a visitor needs
   * (Login, Register) is shown until the script knows better. The app's pages
   * keep it hidden until then.
   */
  visitorFirst?: boolean;
};

const out = ({ visitorFirst }: FrameOptions) =>
  visitorFirst ? 'data-show="out"' : 'data-show="out" hidden';

export const headerHtml = (options: FrameOptions = {}): string => `<header class="site-header">
  <nav class="nav container" aria-label="Main">
    <a href="/" class="logo" aria-label="Rentals home">${iconSvg('home')} Rentals</a>
    <button type="button" class="menu-toggle" id="menu-toggle" aria-expanded="false" aria-controls="nav-menu">
      <span class="visually-hidden">Menu</span>${iconSvg('menu')}
    </button>
    <div class="nav-links" id="nav-menu" data-open="false">
      <a href="/browse" id="nav-browse">Browse Properties</a>
      ${SIGNED_IN_NAV_HTML}
      <a href="/login" ${out(options)}>Login</a>
      <a href="/register" class="button button-primary" ${out(options)}>Register</a>
      <span class="spinner spinner-small" data-show="loading" role="status" aria-label="Loading"${options.visitorFirst ? ' hidden' : ''}></span>
    </div>
  </nav>
</header>`;

/**
 * The footer; a signed-in user gets Dashboard where a visitor gets Login and
 * Register. The public pages leave the year out: a page's text depends only on
 * its listings, so a rebuild writes the same bytes.
 */
export const footerHtml = (
  year: number | null,
  options: FrameOptions = {},
): string => `<footer class="site-footer">
  <div class="container footer-grid">
    <section aria-labelledby="footer-about">
      <h2 id="footer-about">Rentals</h2>
      <p>Flats, houses and PGs for rent across India, listed by their owners and brokers.</p>
    </section>
    <section aria-labelledby="footer-links">
      <h2 id="footer-links">Quick Links</h2>
      <ul>
        <li><a href="/">Home</a></li>
        <li><a href="/browse">Browse Properties</a></li>
        <li><a href="/browse/cities">Browse by City</a></li>
        <li data-show="lister"${options.visitorFirst ? '' : ' hidden'}><a href="/add-property">List Property</a></li>
        <li data-show="in" hidden><a href="/dashboard">Dashboard</a></li>
        <li ${out(options)}><a href="/login">Login</a></li>
        <li ${out(options)}><a href="/register">Register</a></li>
      </ul>
    </section>
    <section aria-labelledby="footer-contact">
      <h2 id="footer-contact">Contact</h2>
      <ul>
        <li>support@rentals.example</li>
        <li>+91 00000 00000</li>
        <li>Bengaluru, India</li>
      </ul>
    </section>
    <section aria-labelledby="footer-social">
      <h2 id="footer-social">Follow Us</h2>
      <ul class="inline-list">
        <li><a href="#" aria-label="Facebook (coming soon)">Facebook</a></li>
        <li><a href="#" aria-label="X (coming soon)">X</a></li>
        <li><a href="#" aria-label="Instagram (coming soon)">Instagram</a></li>
        <li><a href="#" aria-label="LinkedIn (coming soon)">LinkedIn</a></li>
      </ul>
    </section>
  </div>
  <div class="container footer-bottom">
    <p>© ${year === null ? '' : `${year} `}Rentals. All rights reserved.</p>
    <ul class="inline-list">
      <li><a href="#">Privacy Policy</a></li>
      <li><a href="#">Terms of Service</a></li>
      <li><a href="#">Cookie Policy</a></li>
    </ul>
  </div>
</footer>`;
