// Copies a value people need elsewhere (an entity id, a new token, an invitation link) and says
// so where a screen reader hears it.

import { useState } from 'preact/hooks';

export function CopyButton({ value, what }: { value: string; what: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | ''>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setDone('copied');
    } catch {
      setDone('failed');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="button button-small" onClick={copy}>
        Copy <span class="visually-hidden">{what}</span>
      </button>
      <span class="copy-result" role="status">
        {done === 'copied' ? 'Copied' : done === 'failed' ? 'Select the text and copy it' : ''}
      </span>
    </span>
  );
}

/** A value shown in full for copying: monospace, selectable, wrapping anywhere. */
export function Secret({ value, what }: { value: string; what: string }) {
  return (
    <div class="secret">
      <code>{value}</code>
      <CopyButton value={value} what={what} />
    </div>
  );
}
