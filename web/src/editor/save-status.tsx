/** The autosave's state in the top bar, with the way out of a failed or refused save. */
import type { SaveState } from './autosave.ts';

const SAVE_TEXT: Record<SaveState['state'], string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  failed: 'Save failed',
  conflict: 'Changed elsewhere',
};

export function SaveStatus(props: { state: SaveState; onRetry: () => void; onReload: () => void }) {
  const s = props.state;
  return (
    <div class={`save save-${s.state}`} role="status" data-state={s.state}>
      <span>{SAVE_TEXT[s.state]}</span>
      {s.state === 'failed' && (
        <>
          <span class="detail">
            {s.message}{' '}
            {s.retryIn === undefined
              ? 'Change the design to save again.'
              : `Retrying in ${Math.round(s.retryIn / 1000)} s.`}
          </span>
          <button type="button" onClick={props.onRetry}>
            Retry now
          </button>
        </>
      )}
      {s.state === 'conflict' && (
        <>
          <span class="detail">
            Someone else saved this template (another tab or user), so your change was not saved.
          </span>
          <button type="button" onClick={props.onReload}>
            Reload their version
          </button>
        </>
      )}
    </div>
  );
}
