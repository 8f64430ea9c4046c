import { Progress } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress as OnProgress } from '../lib/api.js';

/** Where an upload is: its body going out (`sending`, with the percent sent), sent and being processed, or done. */
export interface UploadState {
  phase: 'sending' | 'processing' | 'done';
  /** 0..100, whole percent of the body sent. */
  percent: number;
}

/**
 * An upload's progress for UploadProgressBar (issue 28): `track(run)` calls `run(onProgress)` (pass it to
 * `apiUpload`), shows `sending` with the percent sent, `processing` once the body is all out (the server unpacks,
 * imports), `done` when `run` resolved (or nothing when it failed: the api client showed why). Returns run's result.
 */
export function useUploadProgress() {
  const [state, setState] = useState<UploadState | null>(null);
  const track = useCallback(async <T,>(run: (onProgress: OnProgress) => Promise<T>): Promise<T> => {
    setState({ phase: 'sending', percent: 0 });
    const onProgress: OnProgress = (sent, total) => {
      const percent = total > 0 ? Math.min(100, Math.floor((sent * 100) / total)) : 0;
      setState({ phase: percent >= 100 ? 'processing' : 'sending', percent });
    };
    try {
      const result = await run(onProgress);
      setState({ phase: 'done', percent: 100 });
      return result;
    } catch (e) {
      setState(null);
      throw e;
    }
  }, []);
  const clear = useCallback(() => setState(null), []);
  return { state, track, clear };
}

/**
 * The bar of an upload in progress (antd Progress, `data-testid="upload-progress"`, its phase in `data-phase`):
 * the percent sent, "processing on the server" once sent, "done" at the end; nothing before the first upload, or
 * after `done` when `hideDone` (an avatar, an editor's image: the result is seen elsewhere).
 */
export function UploadProgressBar({
  state,
  hideDone = false,
}: {
  state: UploadState | null;
  hideDone?: boolean;
}) {
  const { t } = useTranslation();
  if (!state || (hideDone && state.phase === 'done')) return null;
  const label = {
    sending: t('Upload_sending', { percent: state.percent }),
    processing: t('Upload_processing'),
    done: t('Upload_done'),
  }[state.phase];
  return (
    <div data-testid="upload-progress" data-phase={state.phase} role="status" aria-live="polite">
      <Progress
        percent={state.percent}
        status={state.phase === 'done' ? 'success' : 'active'}
        size="small"
        aria-label={label}
      />
      <div style={{ fontSize: 12 }}>{label}</div>
    </div>
  );
}
