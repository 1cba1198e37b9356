import type { Post } from '../../../src-core/domain/post';
import type { PublishChoice, ScheduleField, ScheduleForm } from '../../../src-core/domain/post-schedule';
import type { FieldErrors } from '../../../src-core/domain/validation';
import { FormField } from '../../components/form-field';
import './post-schedule-fields.css';

export interface PostScheduleFieldsProps {
  /** The post being changed, or null for a new one: a published post's first choice keeps it published. */
  readonly post: Post | null;
  readonly schedule: ScheduleForm;
  readonly errors: FieldErrors<ScheduleField>;
  readonly disabled: boolean;
  readonly timeZone: string;
  readonly onChange: (field: keyof ScheduleForm, value: string) => void;
}

function choiceLabel(choice: PublishChoice, post: Post | null): string {
  const published = post !== null && (post.status ?? 'published') === 'published';
  if (choice === 'now') return published ? 'Keep it published' : 'Publish now';
  if (choice === 'at') return 'Publish at a date and time';
  return published ? 'Unpublish it and keep it as a draft' : 'Keep it as a draft that visitors do not see';
}

/** When the post is seen: now, at a date and time in the association's zone, or not yet (a draft). */
export function PostScheduleFields({ post, schedule, errors, disabled, timeZone, onChange }: PostScheduleFieldsProps) {
  const zoneName = timeZone === 'Europe/Dublin' ? 'Irish time' : `${timeZone} time`;
  return (
    <fieldset className="post-schedule" disabled={disabled}>
      <legend>When visitors see it</legend>
      {(['now', 'at', 'draft'] as const).map((choice) => (
        <label key={choice} className="post-schedule__choice">
          <input type="radio" name="when" value={choice} checked={schedule.when === choice} onChange={() => onChange('when', choice)} />
          <span>{choiceLabel(choice, post)}</span>
        </label>
      ))}
      {schedule.when === 'at' && (
        <div className="post-schedule__time">
          <FormField
            label="Date"
            name="publishDate"
            type="date"
            value={schedule.publishDate}
            error={errors.publishDate}
            hint="The day it appears on the News page."
            onChange={(value) => onChange('publishDate', value)}
          />
          <FormField
            label={`Time (${zoneName})`}
            name="publishTime"
            type="time"
            value={schedule.publishTime}
            error={errors.publishTime}
            hint="The server publishes it at this time, even if nobody is signed in then."
            onChange={(value) => onChange('publishTime', value)}
          />
        </div>
      )}
    </fieldset>
  );
}
