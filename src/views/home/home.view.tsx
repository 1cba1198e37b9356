import { Link } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { usePageTitle } from '../../components/page-title.hook';
import { SubscriptionFormPart } from '../../components/subscription-form.part';
import { LatestNewsPart } from './latest-news.part';
import { NextEvent } from './next-event';
import './home.css';
// The latest news's cards, styled in the page the server sends before their part's code arrives.
import '../news/news.css';

// The page's h1 is the association's name in the header (see SiteHeader), so sections here start at h2.
export function HomeView() {
  usePageTitle(pageTitle('home'));

  return (
    <div className="home">
      <p className="lead">
        Welcome. We are the national association of nurses who have retired from practice in Ireland. Whatever
        area of nursing you worked in, and wherever in the country you live, this is your association.
      </p>

      <section aria-labelledby="home-pensions" className="home__section">
        <h2 id="home-pensions">Standing up for your pension</h2>
        <p>
          We protect the pension rights and entitlements of retired nurses from every specialty, from general
          and mental health nursing to midwifery, public health and intellectual disability care. When decisions
          are made that affect what you worked for, we make sure retired nurses are heard.
        </p>
      </section>

      <section aria-labelledby="home-benefits" className="home__section">
        <h2 id="home-benefits">Better value for members</h2>
        <p>
          We negotiate group rates and benefits with providers of commercial, leisure and healthcare services,
          so that members can get more from their retirement for less.
        </p>
      </section>

      <section aria-labelledby="home-community" className="home__section">
        <h2 id="home-community">A community that looks after its own</h2>
        <p>
          You spent your working life caring for others. Retirement should not mean losing touch with the
          colleagues and friends who understand that life. Through our branches, meetings and events, nurse
          pensioners keep in contact, share what they know and support one another.
        </p>
      </section>

      <section aria-labelledby="home-join" className="home__join">
        <h2 id="home-join">Become a member</h2>
        <p>
          Membership is open to every retired nurse. Joining is simple: &apos;Join Us Today&apos; says who can join, the fee and
          where to send the membership form.
        </p>
        <Link to="/documents" className="button button--accent">
          Join Now
        </Link>
      </section>

      <SubscriptionFormPart form="home" />

      {/* Last, so that where it arrives after the page (the hosted build) nothing above it moves. */}
      <LatestNewsPart />
      <NextEvent />
    </div>
  );
}
