import { eventCard } from '../../../src-core/domain/event-card';
import { describeFile } from '../../../src-core/domain/files';
import { pageTitle } from '../../../src-core/domain/navigation';
import { useRouteData } from '../../lib/route-data.hook';
import { DataState } from '../../components/data-state';
import { ExternalLink } from '../../components/external-link';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { filesQuery } from '../route.queries';
import './events.css';

export function EventsView() {
  usePageTitle(pageTitle('events'));
  const files = useRouteData(filesQuery('events'));

  return (
    <>
      <PageHeading>Upcoming Events</PageHeading>
      <DataState
        data={files}
        loadingText="Loading files..."
        emptyText="There are no upcoming events yet. Please check back soon."
        failureText="The events could not be loaded."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="grid">
            {list.map((file) => {
              const card = eventCard(file);
              return (
                <li key={file.fullPath} className="card event-card">
                  <h2 className="event-card__title">{card.title}</h2>
                  <dl className="event-card__facts">
                    <div>
                      <dt>Date:</dt> <dd>{card.date}</dd>
                    </div>
                    <div>
                      <dt>Location:</dt> <dd>{card.location}</dd>
                    </div>
                  </dl>
                  <ExternalLink href={card.url} className="card__link event-card__link">
                    Click to view PDF<span className="visually-hidden">: {card.title}</span>{' '}
                    <span className="file-meta">({describeFile(file)})</span>
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        )}
      </DataState>
    </>
  );
}
