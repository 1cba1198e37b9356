import { branchCalendarPath, type Branch } from '../../../src-core/domain/branches';
import { CoreError } from '../../../src-core/domain/core-error';
import { eventsOverview, type EventSummary } from '../../../src-core/domain/event-listing';
import { sortNewestFirst } from '../../../src-core/domain/news';
import type { Post } from '../../../src-core/domain/post';
import { defineQuery } from '../../lib/route-data.cache';

/** How many of a branch's posts its page shows, newest first. */
const RECENT_NEWS = 5;

/** The active branches, in the association's order; null where the backend keeps no branches (the hosted build). */
export const activeBranchesQuery = () =>
  defineQuery('branches:active', async (backend, signal): Promise<readonly Branch[] | null> =>
    backend.branches === undefined ? null : (await backend.branches.listBranches({ signal })).filter((branch) => branch.active),
  );

export interface BranchPageData {
  readonly branch: Branch;
  /** Soonest first; undated ones after them. */
  readonly upcoming: readonly EventSummary[];
  readonly news: readonly Post[];
  /** The branch's calendar feed, where the backend makes feeds. */
  readonly calendarPath: string | null;
  readonly changesAt: number | null;
}

const BRANCH_NOT_FOUND = 'This branch could not be found. It may have closed or changed its address.';

/** One branch's page by its web address; null where the backend keeps no branches. */
export const branchPageQuery = (slug: string) =>
  defineQuery(
    `branch:${slug}`,
    async (backend, signal): Promise<BranchPageData | null> => {
      if (backend.branches === undefined) return null;
      const [branches, listing, posts] = await Promise.all([
        backend.branches.listBranches({ signal }),
        backend.events.listEvents({ signal }),
        backend.content.listPosts({ signal }),
      ]);
      const branch = branches.find((one) => one.slug === slug && one.active);
      if (branch === undefined) throw new CoreError('not-found', BRANCH_NOT_FOUND);
      const overview = eventsOverview({ ...listing, events: listing.events.filter((event) => event.branch?.id === branch.id) });
      return {
        branch,
        upcoming: [...overview.upcoming, ...overview.undated],
        news: sortNewestFirst(posts.filter((post) => post.branch?.id === branch.id)).slice(0, RECENT_NEWS),
        calendarPath: listing.calendar === null ? null : branchCalendarPath(branch.slug),
        changesAt: overview.changesAt,
      };
    },
    { expiresAt: (data) => data?.changesAt ?? null },
  );
