/**
 * Scheduling a news post: the editor's choice of when it is seen, checked and turned into a
 * Publication, and a scheduled time written the Irish way. Dates and times are the wall clock in
 * the association's zone (src-core/domain/zoned-time.ts settles what instant they are).
 */
import { irishClockTime, irishLongDate } from './irish-date';
import type { Post, Publication } from './post';
import type { FieldErrors } from './validation';
import { localDateTimeAt, parseLocalDate, parseLocalDateTime, resolveLocalDateTime } from './zoned-time';

export type PublishChoice = 'now' | 'at' | 'draft';
export type ScheduleField = 'publishDate' | 'publishTime';

/** The editor's 'When to publish' part: the choice, and the date ('2026-12-01') and time ('10:00') for 'at'. */
export interface ScheduleForm {
  readonly when: PublishChoice;
  readonly publishDate: string;
  readonly publishTime: string;
}

export const SCHEDULE_MESSAGES = {
  dateMissing: 'Please choose the date to publish on, for example 2026-12-01.',
  timeMissing: 'Please choose the time to publish at, for example 10:00.',
  notToCome: 'Please choose a date and time still to come, or publish now.',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with the date and time, where the post is to be published at one. */
export function validateSchedule(form: ScheduleForm): FieldErrors<ScheduleField> {
  if (form.when !== 'at') return {};
  return {
    ...(parseLocalDate(form.publishDate.trim()) === null ? { publishDate: SCHEDULE_MESSAGES.dateMissing } : {}),
    ...(TIME.test(form.publishTime.trim()) ? {} : { publishTime: SCHEDULE_MESSAGES.timeMissing }),
  };
}

/**
 * The Publication a save sends. Choosing 'now' for a post visitors already see (or a new one)
 * changes nothing, so it sends none and the post keeps its date.
 */
export function publicationOf(form: ScheduleForm, post: Post | null): Publication | undefined {
  switch (form.when) {
    case 'draft':
      return { kind: 'draft' };
    case 'at':
      return { kind: 'at', at: `${form.publishDate.trim()}T${form.publishTime.trim()}` };
    case 'now':
      return post === null || (post.status ?? 'published') === 'published' ? undefined : { kind: 'now' };
  }
}

/** The form as a post stands: a scheduled post's date and time in `zone`, ready to change. */
export function scheduleFormOf(post: Post | null, zone: string): ScheduleForm {
  if (post?.status === 'scheduled') {
    const local = localDateTimeAt(Date.parse(post.publishedAt), zone);
    const two = (value: number) => String(value).padStart(2, '0');
    return { when: 'at', publishDate: `${local.year}-${two(local.month)}-${two(local.day)}`, publishTime: `${two(local.hour)}:${two(local.minute)}` };
  }
  return { when: post?.status === 'draft' ? 'draft' : 'now', publishDate: '', publishTime: '' };
}

/** 'Saturday 12 September 2026, 2.30pm': a post's publication time in `zone`, as Irish readers write it. */
export function publicationTimeWords(iso: string, zone: string): string {
  const local = localDateTimeAt(Date.parse(iso), zone);
  return `${irishLongDate(local)}, ${irishClockTime(local)}`;
}

/** The instant a scheduled wall-clock time stands for in `zone`; null where it is no date and time. */
export function scheduledInstant(at: string, zone: string): number | null {
  const local = parseLocalDateTime(at);
  return local === null ? null : resolveLocalDateTime(local, zone).instant;
}
