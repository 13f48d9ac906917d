import { formatFullDate } from '../format-time';

/**
 * "Edited", on what its author changed after posting it: the exact time in the tooltip and in
 * the accessible name. Nothing for what was never edited.
 */
export function EditedMarker({ editedAt }: { editedAt: string | null | undefined }) {
  if (!editedAt) return null;
  const full = formatFullDate(editedAt);
  const label = full ? `Edited ${full}` : 'Edited';
  return (
    <time dateTime={editedAt} title={label} aria-label={label}>
      Edited
    </time>
  );
}
