import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import type { PreparedPicture } from '../../../src-core/domain/post-picture';
import { PICTURE_ALT_LIMIT } from '../../../src-core/domain/post-validation';
import { FieldNotes, FormField, describedBy } from '../../components/form-field';
import { PostPictureImage } from '../news/news-card';
import { FailureMessage } from '../../components/status-message';
import { useAdminMachines } from '../../lib/admin-machines.context';
import { useAfterRender } from '../../lib/after-render.hook';
import { focusById } from '../../lib/focus';
import './post-picture-fields.css';

export interface PostPictureFieldsProps {
  /** The picture the post will be saved with, or null. */
  readonly picture: PreparedPicture | null;
  readonly alt: string;
  readonly decorative: boolean;
  readonly altError: string | undefined;
  readonly saving: boolean;
  readonly onAttached: (picture: PreparedPicture) => void;
  readonly onRemoved: () => void;
  readonly onAltChange: (value: string) => void;
  readonly onDecorativeChange: (decorative: boolean) => void;
}

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/**
 * A post's picture: chosen here, prepared by the server (picture.machine.ts), then described,
 * or marked as decoration. The server refuses a post whose picture has neither.
 */
export function PostPictureFields({ picture, alt, decorative, altError, saving, onAttached, onRemoved, onAltChange, onDecorativeChange }: PostPictureFieldsProps) {
  const id = useId();
  const refusalId = `${id}-refusal`;
  const afterRender = useAfterRender();
  const machines = useAdminMachines();
  const [machine] = useState(() =>
    machines.picture({
      onPrepared: onAttached,
      focusRefusal: () => afterRender(() => focusById(refusalId)),
    }),
  );
  const [state, send] = useMachine(machine);
  const preparing = state.matches('preparing');
  const { refusal } = state.context;
  const hint = 'A JPEG, PNG, WebP or HEIC photograph. The website makes smaller copies for phones and removes where and when it was taken.';

  return (
    <fieldset className="post-picture-fields">
      <legend>
        Picture <span className="form-field__optional">(optional)</span>
      </legend>
      <FailureMessage id={refusalId} message={refusal} />
      {picture === null ? (
        <div className="form-field">
          <label htmlFor={`${id}-file`}>Choose a picture</label>
          <FieldNotes id={`${id}-file`} hint={hint} error={undefined} />
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED}
            disabled={preparing || saving}
            aria-describedby={describedBy(`${id}-file`, true, undefined)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file !== undefined) send({ type: 'picture.chosen', file });
              event.target.value = '';
            }}
          />
          {preparing && (
            <p role="status" className="admin-form__busy">
              Preparing the picture... This takes a few seconds.
            </p>
          )}
        </div>
      ) : (
        <>
          <PostPictureImage className="post-picture-fields__preview" picture={{ ...picture, alt: '' }} sizes="12rem" lazy={false} />
          <div className="admin-check">
            <input
              id={`${id}-decorative`}
              name="pictureDecorative"
              type="checkbox"
              checked={decorative}
              disabled={saving}
              onChange={(event) => onDecorativeChange(event.target.checked)}
            />
            <label htmlFor={`${id}-decorative`}>The picture is only decoration: it shows nothing the text does not say</label>
          </div>
          {!decorative && (
            <FormField
              label="Describe the picture"
              name="pictureAlt"
              hint="Say what it shows, for people who cannot see it, e.g. 'Members of the Cork branch at the garden party'."
              value={alt}
              error={altError}
              maxLength={PICTURE_ALT_LIMIT}
              readOnly={saving}
              onChange={onAltChange}
            />
          )}
          <button type="button" className="button button--secondary" disabled={saving} onClick={onRemoved}>
            Remove the picture
          </button>
        </>
      )}
    </fieldset>
  );
}
