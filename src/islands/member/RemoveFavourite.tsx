/** Removes a goods from the member's favourites (/collect/del) and hides its card. */
import { useState } from 'react';
import { member } from '../../lib/api/contract/member.ts';
import { browserApi } from '../../stores/api.ts';
import { handleApiError } from '../../stores/api-errors.ts';
import { toast } from '../../stores/toast.ts';

export default function RemoveFavourite({ goodsId, name }: { goodsId: number; name: string }) {
  const [busy, setBusy] = useState(false);
  async function remove(button: HTMLButtonElement) {
    setBusy(true);
    try {
      await browserApi.call(member.uncollect, { input: { goodsId } });
      toast.success('已取消收藏');
      button.closest('li')?.remove();
    } catch (e) {
      handleApiError(e);
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn" aria-disabled={busy} onClick={(e) => !busy && void remove(e.currentTarget)}>
      取消收藏<span className="visually-hidden">{name}</span>
    </button>
  );
}
