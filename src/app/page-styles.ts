/*
 * The public pages' styles, in the order they always cascaded. Each page's code is a lazy chunk
 * (routes.tsx), but its styles belong in the stylesheet the server puts inside every page:
 * the page is drawn from its first response, before and without script. The admin area's styles
 * still come with its own chunk. tests/build/bundle-manifest.test.ts fails when a public page's
 * chunk brings a stylesheet of its own.
 */
import '../views/article/article.css';
import '../components/form-field.css';
import '../components/subscription-form.css';
import '../views/contact/contact.css';
import '../views/display-settings/display-settings.css';
import '../components/data-state.css';
import '../views/events/events.css';
import '../views/news/news.css';
import '../views/home/home.css';
import '../views/links/links.css';
import '../views/search/search.css';
import '../views/event/event.css';
import '../views/subscribe/subscribe.css';
import '../views/join/join.css';
import '../views/bookings/booking.css';
import '../views/branches/branches.css';
