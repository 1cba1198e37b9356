import { useEffect, useId, useRef } from 'react';
import { formatBytes } from '../../../src-core/domain/files';
import type { UploadProgressView } from '../../../src-core/machines/upload.types';

export interface UploadProgressProps {
  readonly fileName: string;
  readonly progress: UploadProgressView;
  readonly paused: boolean;
  /** Whether the backend can pause an upload; without it there are no Pause/Resume buttons. */
  readonly canPause: boolean;
  readonly onPause: () => void;
  readonly onResume: () => void;
  readonly onCancel: () => void;
}

/** The bar, its percentage in words, and the controls of a running upload. */
export function UploadProgress({ fileName, progress, paused, canPause, onPause, onResume, onCancel }: UploadProgressProps) {
  const labelId = useId();
  const groupRef = useRef<HTMLDivElement>(null);

  // The Upload button that had focus is gone; focus lands on the upload that replaced it.
  useEffect(() => {
    groupRef.current?.focus();
  }, []);

  return (
    <div ref={groupRef} tabIndex={-1} role="group" aria-labelledby={labelId} className="upload-progress">
      <p id={labelId} className="upload-progress__label">
        {paused ? 'Paused' : 'Uploading'} {fileName}
      </p>
      <div className="upload-progress__bar">
        <progress aria-labelledby={labelId} max={100} value={progress.percentage} />
        <span className="upload-progress__percent" aria-hidden="true">
          {progress.percentage}%
        </span>
      </div>
      <p className="upload-progress__bytes">
        {formatBytes(progress.bytesTransferred)} of {formatBytes(progress.totalBytes)} sent
      </p>
      <div className="upload-progress__actions">
        {canPause &&
          (paused ? (
            <button type="button" className="button button--secondary" onClick={onResume}>
              Resume
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={onPause}>
              Pause
            </button>
          ))}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
